package example;

import dev.ducklake.flink.sink.DuckLakeSink;
import dev.ducklake.flink.source.DuckLakeSource;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.CloseableIterator;

/** Upserts orders into a lake with the sink, reads the table back with the source, prints what it read. */
public final class SinkThenSource {

    public static void main(String[] args) throws Exception {
        String catalog = args[0] + "/metadata.ducklake";
        String data = args[0] + "/data/";
        RowType rowType = RowType.of(new LogicalType[] {new VarCharType(false, VarCharType.MAX_LENGTH),
            new BigIntType()}, new String[] {"order_id", "amount"});

        // A failure fails the run instead of restarting the job.
        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "none");
        StreamExecutionEnvironment write = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        write.enableCheckpointing(500);
        write.fromData(InternalTypeInfo.of(rowType), row("o-1", 10), row("o-2", 20), row("o-1", 11))
                .sinkTo(DuckLakeSink.forRowData().catalog(catalog).dataPath(data).table("orders").rowType(rowType)
                        .primaryKey("order_id").build());
        write.execute("write");

        StreamExecutionEnvironment read = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        DuckLakeSource source = DuckLakeSource.builder().catalog(catalog).dataPath(data).table("orders")
                .endAtLatestVersion().build();
        long total = 0;
        int rows = 0;
        try (CloseableIterator<RowData> changes = read.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
                .executeAndCollect("read")) {
            while (changes.hasNext()) {
                total += changes.next().getLong(1);
                rows++;
            }
        }
        System.out.println("read " + rows + " rows, amounts " + total);
    }

    private static RowData row(String id, long amount) {
        return GenericRowData.of(StringData.fromString(id), amount);
    }

    private SinkThenSource() {}
}
