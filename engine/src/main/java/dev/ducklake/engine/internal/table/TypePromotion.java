package dev.ducklake.engine.internal.table;

import dev.ducklake.engine.schema.LakeType;
import dev.ducklake.engine.schema.LakeType.Primitive;
import java.util.List;

/**
 * The column type changes the engine makes: the lossless widenings DuckLake documents, which need no
 * data file rewritten. Integers to a wider integer ({@code TINYINT → SMALLINT → INTEGER → BIGINT}),
 * {@code FLOAT → DOUBLE}, and a {@code DECIMAL} to a larger precision at the same scale. DuckLake
 * 1.5 also accepts some lossy changes ({@code BIGINT → DOUBLE}); the engine refuses those.
 */
final class TypePromotion {

    private static final List<Primitive> INTEGERS = List.of(Primitive.TINYINT, Primitive.SMALLINT, Primitive.INTEGER,
            Primitive.BIGINT);

    private TypePromotion() {}

    /** True when a column of type {@code from} can become {@code to}, which differs from it. */
    static boolean widens(LakeType from, LakeType to) {
        if (INTEGERS.contains(from) && INTEGERS.contains(to)) {
            return INTEGERS.indexOf(from) < INTEGERS.indexOf(to);
        }
        if (from instanceof LakeType.Decimal a && to instanceof LakeType.Decimal b) {
            return a.scale() == b.scale() && a.precision() < b.precision();
        }
        return from == Primitive.FLOAT && to == Primitive.DOUBLE;
    }
}
