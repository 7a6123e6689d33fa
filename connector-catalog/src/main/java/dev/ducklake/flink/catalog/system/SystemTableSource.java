package dev.ducklake.flink.catalog.system;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;

/** A system table as a bounded scan of parallelism 1, in batch and in streaming mode. */
@Internal
final class SystemTableSource implements ScanTableSource {

    private final MetadataSource source;

    SystemTableSource(MetadataSource source) {
        this.source = source;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        return SourceProvider.of(source, 1);
    }

    @Override
    public DynamicTableSource copy() {
        return new SystemTableSource(source);
    }

    @Override
    public String asSummaryString() {
        return "DuckLake system table " + source.name();
    }
}
