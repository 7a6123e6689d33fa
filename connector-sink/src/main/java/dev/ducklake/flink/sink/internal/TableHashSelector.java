package dev.ducklake.flink.sink.internal;

import dev.ducklake.flink.sink.cdc.ChangeRecord;
import dev.ducklake.flink.sink.cdc.TableRouter;
import java.util.Locale;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;

/** A change record's lake table, hashed: which writer stages the table. Dropped records hash to 0. */
@Internal
public final class TableHashSelector implements KeySelector<ChangeRecord, Integer> {

    private static final long serialVersionUID = 1L;

    private final TableRouter router;

    public TableHashSelector(TableRouter router) {
        this.router = router;
    }

    @Override
    public Integer getKey(ChangeRecord record) {
        return router.route(record.table()).map(t -> t.toString().toLowerCase(Locale.ROOT).hashCode()).orElse(0);
    }
}
