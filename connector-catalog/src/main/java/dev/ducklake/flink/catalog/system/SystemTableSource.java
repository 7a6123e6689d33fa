package dev.ducklake.flink.catalog.system;

import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.common.EngineSpec;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;

/** A system table as a bounded scan of parallelism 1, in batch and in streaming mode. */
@Internal
final class SystemTableSource implements ScanTableSource {

    private final EngineSpec spec;
    private final SystemTable table;
    private final TableName base;

    SystemTableSource(EngineSpec spec, SystemTable table, TableName base) {
        this.spec = spec;
        this.table = table;
        this.base = base;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        return SourceProvider.of(new MetadataSource(spec, table, base), 1);
    }

    @Override
    public DynamicTableSource copy() {
        return new SystemTableSource(spec, table, base);
    }

    @Override
    public String asSummaryString() {
        return "DuckLake system table " + base + SystemTable.SEPARATOR + table.suffix();
    }
}
