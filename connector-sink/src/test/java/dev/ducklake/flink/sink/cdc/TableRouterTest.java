package dev.ducklake.flink.sink.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.schema.TableName;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

class TableRouterTest {

    @Test
    void theIdentityKeepsNamesAndPutsBareNamesInMain() {
        TableRouter router = TableRouter.identity();
        assertThat(router.route("inventory.products")).contains(TableName.of("inventory", "products"));
        assertThat(router.route("products")).contains(TableName.of("main", "products"));
    }

    @Test
    void routesExclusionsSchemaAndPrefixApplyInThatOrder() {
        TableRouter router = TableRouter.builder()
                .intoSchema("replica")
                .tablePrefix("pg_")
                .route("public.order_lines", "replica.lines")
                .exclude("public.audit_log")
                .build();
        assertThat(router.route("public.orders")).contains(TableName.of("replica", "pg_orders"));
        assertThat(router.route("Public.Order_Lines")).as("case-insensitive").contains(TableName.of("replica", "lines"));
        assertThat(router.route("public.AUDIT_LOG")).isEmpty();
    }

    /** A sink ships its router to the tasks. */
    @Test
    void aRouterSurvivesJavaSerialization() throws Exception {
        TableRouter router = TableRouter.builder().route("public.order_lines", "replica.lines").build();
        TableRouter copy = InstantiationUtil.clone(router);
        assertThat(copy.route("public.order_lines")).contains(TableName.of("replica", "lines"));
    }
}
