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

package dev.ducklake.flink.catalog;

import dev.ducklake.engine.EngineRegistry;
import dev.ducklake.engine.LakeEngine;
import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.LakeValidationException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.exceptions.CatalogException;

/**
 * How the catalog reaches the lake's engine, through the JVM-wide {@link EngineRegistry}. A
 * PostgreSQL lake admits many DuckDB instances, so the catalog holds one lease from {@link #open()}
 * to {@link #close()} and keeps its engine warm. A DuckDB-file or SQLite lake admits one instance,
 * and in Flink's SQL client the jobs' tasks load the connector in other class loaders, so other
 * registries: the catalog takes a lease around each call only, and holds nothing between calls.
 */
@Internal
final class LakeAccess implements AutoCloseable {

    private final EngineConfig config;
    private EngineRegistry.Lease held;

    LakeAccess(EngineConfig config) {
        this.config = config;
    }

    /** Takes the catalog's lease on a PostgreSQL lake; for other lakes, nothing. */
    synchronized void open() {
        if (config.catalog().kind() == CatalogLocation.Kind.POSTGRES && held == null) {
            held = EngineRegistry.shared().acquire(config);
        }
    }

    /**
     * Runs one call on the engine. The call translates the engine's exceptions that Flink has its
     * own for (a missing table, ...); of the others, a refusal becomes a {@link
     * ValidationException} with the engine's message, which names the table, the column and the
     * reason, and any other failure a {@link CatalogException}.
     */
    synchronized <T, E extends Exception> T call(Call<T, E> call) throws E {
        try {
            if (held != null) {
                return call.apply(held.engine());
            }
            try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
                return call.apply(lease.engine());
            }
        } catch (LakeValidationException e) {
            throw new ValidationException(e.getMessage(), e);
        } catch (LakeException e) {
            throw new CatalogException(
                    "DuckLake catalog " + config.catalog().kind() + ": " + e.getMessage(), e);
        }
    }

    /** A call on the engine, which may throw one of Flink's catalog exceptions. */
    @FunctionalInterface
    interface Call<T, E extends Exception> {
        T apply(LakeEngine engine) throws E;
    }

    @Override
    public synchronized void close() {
        if (held != null) {
            held.close();
            held = null;
        }
    }
}
