/*
 * Copyright 2026 The Flink connector for DuckLake authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package dev.ducklake.examples.lineage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the lineage example and checks the walk it prints: each hop at the version its output
 * recorded.
 */
class LineageWalkTest {

    @TempDir Path dir;

    @Test
    void theWalkGoesBackThroughBothTransformsToTheOrders() throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            LineageWalk.main(new String[] {dir.toString()});
        } finally {
            System.setOut(out);
        }
        String output = printed.toString(StandardCharsets.UTF_8);

        assertThat(output)
                .contains("shop.top_customer again: up to date true, still version 11")
                .contains(
                        """
                        Lineage of shop.top_customer at version 11:
                          shop.top_customer@11 (transform into shop.top_customer): [ada|50.00]
                            shop.customer_totals@10 (transform into shop.customer_totals): [ada|50.00, bob|45.00]
                              shop.orders@9 (merge shop.orders): [o-1|ada|30.00, o-2|bob|45.00, o-3|ada|20.00]
                                written directly, no recorded inputs
                        """);
    }
}
