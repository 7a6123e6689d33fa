package dev.ducklake.flink.source.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/** The full cache's rows by lookup key, as the changes between versions move them. */
class RowIndexTest {

    private static final RowType ROW = RowType.of(new BigIntType(), new VarCharType(20), new BigIntType());

    private static RowData row(long id, String tier, Long qty) {
        return GenericRowData.of(id, tier == null ? null : StringData.fromString(tier), qty);
    }

    private static List<String> lookup(RowIndex index, Object key) {
        return index.lookup(GenericRowData.of(key)).stream()
                .map(r -> r.getLong(0) + "/" + r.getString(1) + "/" + (r.isNullAt(2) ? null : r.getLong(2))).toList();
    }

    @Test
    void aKeyColumnThatIsNotUniqueHoldsEveryMatchingRowAndFollowsChanges() {
        RowIndex byTier = new RowIndex(ROW, new int[] {1});
        byTier.add(row(1, "gold", 10L));
        byTier.add(row(2, "gold", 20L));
        byTier.add(row(3, "silver", null));
        assertThat(lookup(byTier, StringData.fromString("gold"))).containsExactlyInAnyOrder("1/gold/10", "2/gold/20");

        // An update that moves row 2 to another key, and a delete.
        byTier.remove(row(2, "gold", 20L));
        byTier.add(row(2, "silver", 21L));
        byTier.remove(row(3, "silver", null));
        assertThat(lookup(byTier, StringData.fromString("gold"))).containsExactly("1/gold/10");
        assertThat(lookup(byTier, StringData.fromString("silver"))).containsExactly("2/silver/21");
        byTier.remove(row(1, "gold", 10L));
        assertThat(lookup(byTier, StringData.fromString("gold"))).isEmpty();
        assertThat(byTier.keys()).isEqualTo(1);
    }

    @Test
    void aNullKeyMatchesNothing() {
        RowIndex byTier = new RowIndex(ROW, new int[] {1});
        byTier.add(row(1, null, 10L));
        assertThat(byTier.keys()).isZero();
        assertThat(lookup(byTier, null)).isEmpty();
    }

    @Test
    void aRemovedRowMustEqualTheHeldOneInEveryColumn() {
        RowIndex byId = new RowIndex(ROW, new int[] {0});
        byId.add(row(1, "gold", 10L));
        byId.remove(row(1, "gold", 11L));
        assertThat(lookup(byId, 1L)).containsExactly("1/gold/10");
    }
}
