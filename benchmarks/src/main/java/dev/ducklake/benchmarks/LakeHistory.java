package dev.ducklake.benchmarks;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.schema.LakeType.Primitive;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.engine.schema.TableSchema;
import dev.ducklake.engine.write.WriteMode;
import dev.ducklake.engine.write.WriteSession;

/** A longer history for a benchmark's lake: what costs that must not grow with it are measured against. */
final class LakeHistory {

    private LakeHistory() {}

    /** Lengthens the lake's history by {@code count} snapshots: one-row commits to another table. */
    static void addSnapshots(EngineConfig config, int count) {
        TableName filler = TableName.of("history_filler");
        long start = System.nanoTime();
        try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
            LakeEngine engine = lease.engine();
            engine.createTable(filler, TableSchema.builder().column("n", Primitive.BIGINT).build());
            for (long n = 0; n < count; n++) {
                try (WriteSession commit = engine.openWriteSession(filler, WriteMode.APPEND)) {
                    commit.write(new Object[] {n});
                    commit.commit();
                }
            }
        }
        System.out.printf("%,d more snapshots in %.0f s%n", count, (System.nanoTime() - start) / 1e9);
    }
}
