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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.testutils.TestLakes;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Another client of the lake in a process of its own: plain DuckDB runs statements on the lake
 * attached as {@code plain}. Arguments: the catalog, the test directory, the statements.
 */
final class PlainDuckDbProcess {

    private PlainDuckDbProcess() {}

    public static void main(String[] args) throws Exception {
        TestLakes.plainExecute(
                CatalogLocation.parse(args[0]),
                Path.of(args[1]),
                Arrays.copyOfRange(args, 2, args.length));
    }
}
