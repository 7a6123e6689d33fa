package dev.ducklake.flink.source.table;

import dev.ducklake.flink.source.DuckLakeSource;
import dev.ducklake.flink.source.DuckLakeSourceBuilder;
import dev.ducklake.flink.source.LakeFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * The DuckLake table as a Flink SQL source: a changelog in streaming mode ({@code all} for a keyed
 * table, inserts and deletes otherwise), the table at a version in batch mode. Projections and the
 * filters {@link FilterTranslator} translates are evaluated by DuckDB, exactly as Flink would
 * evaluate them, so Flink evaluates only the filters that were not translated.
 */
@Internal
final class DuckLakeDynamicSource implements ScanTableSource, SupportsProjectionPushDown, SupportsFilterPushDown {

    private final Supplier<DuckLakeSourceBuilder> builders;
    private final String table;
    private final FilterTranslator filterTranslator;
    private final boolean keyed;
    private final boolean snapshotOnly;
    @Nullable private final Integer parallelism;
    private RowType rowType;
    private final List<LakeFilter> filters = new ArrayList<>();

    DuckLakeDynamicSource(Supplier<DuckLakeSourceBuilder> builders, String table, RowType rowType,
            FilterTranslator filterTranslator, boolean keyed, boolean snapshotOnly, @Nullable Integer parallelism) {
        this.builders = builders;
        this.table = table;
        this.rowType = rowType;
        this.filterTranslator = filterTranslator;
        this.keyed = keyed;
        this.snapshotOnly = snapshotOnly;
        this.parallelism = parallelism;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        if (snapshotOnly) {
            return ChangelogMode.insertOnly();
        }
        return keyed ? ChangelogMode.all()
                : ChangelogMode.newBuilder().addContainedKind(RowKind.INSERT).addContainedKind(RowKind.DELETE).build();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        DuckLakeSourceBuilder builder = builders.get().rowType(rowType);
        if (!filters.isEmpty()) {
            builder.filter(filters.size() == 1 ? filters.get(0) : new LakeFilter.And(filters));
        }
        DuckLakeSource source = builder.build();
        return SourceProvider.of(source, parallelism);
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        this.rowType = (RowType) producedDataType.getLogicalType();
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> expressions) {
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        for (ResolvedExpression expression : expressions) {
            Optional<LakeFilter> filter = filterTranslator.translate(expression);
            if (filter.isPresent()) {
                filters.add(filter.get());
                accepted.add(expression);
            } else {
                remaining.add(expression);
            }
        }
        return Result.of(accepted, remaining);
    }

    @Override
    public DynamicTableSource copy() {
        DuckLakeDynamicSource copy = new DuckLakeDynamicSource(builders, table, rowType, filterTranslator, keyed,
                snapshotOnly, parallelism);
        copy.filters.addAll(filters);
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "DuckLake(" + table + ")";
    }
}
