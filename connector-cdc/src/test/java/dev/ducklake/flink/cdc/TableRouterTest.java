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

package dev.ducklake.flink.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.schema.TableName;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class TableRouterTest {

    @Test
    void theIdentityKeepsNamesAndPutsBareNamesInMain() {
        TableRouter router = TableRouter.identity();
        assertThat(router.route("inventory.products"))
                .contains(TableName.of("inventory", "products"));
        assertThat(router.route("products")).contains(TableName.of("main", "products"));
    }

    @Test
    void routesExclusionsSchemaAndPrefixApplyInThatOrder() {
        TableRouter router =
                TableRouter.builder()
                        .intoSchema("replica")
                        .tablePrefix("pg_")
                        .route("public.order_lines", "replica.lines")
                        .exclude("public.audit_log")
                        .build();
        assertThat(router.route("public.orders")).contains(TableName.of("replica", "pg_orders"));
        assertThat(router.route("Public.Order_Lines"))
                .as("case-insensitive")
                .contains(TableName.of("replica", "lines"));
        assertThat(router.route("public.AUDIT_LOG")).isEmpty();
    }

    /** A sink ships its router to the tasks. */
    @Test
    void aRouterSurvivesJavaSerialization() throws Exception {
        TableRouter router =
                TableRouter.builder().route("public.order_lines", "replica.lines").build();
        TableRouter copy = InstantiationUtil.clone(router);
        assertThat(copy.route("public.order_lines")).contains(TableName.of("replica", "lines"));
    }
}
