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

package dev.ducklake.testing.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The cluster ids the broker's log is formatted with. */
class KafkaServerTest {

    /**
     * One random id in 64 started with '-', and the format tool took it for an option ("argument
     * --cluster-id/-t: expected one argument"): 10,000 ids hold such a start with near certainty.
     */
    @Test
    void clusterIdsAreSixteenBytesThatNeverStartWithADash() {
        for (int i = 0; i < 10_000; i++) {
            String id = KafkaServer.clusterId();
            assertThat(id).doesNotStartWith("-");
            assertThat(Base64.getUrlDecoder().decode(id)).hasSize(16);
        }
    }
}
