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

package dev.ducklake.engine;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shares one {@link LakeEngine} per catalog within a JVM. {@link #acquire} opens the engine on
 * first use and counts its users; each {@link Lease#close()} gives one back, and the last one
 * closes the engine. The first user's settings open the engine; later users with the same catalog
 * share it as it is, and a user that asks for other settings is warned of it in the log. An engine
 * that DuckDB invalidated after a fatal error ({@link LakeEngine#usable}) is discarded when the
 * next user comes: it is closed, so its users' calls fail with a "closed" error (a job restarts and
 * acquires again), and the new user gets a new engine.
 *
 * <pre>{@code
 * try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
 *     lease.engine().read(table, ScanRequest.all());
 * }
 * }</pre>
 */
public final class EngineRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(EngineRegistry.class);

    private static final EngineRegistry SHARED = new EngineRegistry(LakeEngine::open);

    /**
     * The settings an open engine keeps for all its users, by the names of their builder methods.
     */
    private static final List<Setting> SETTINGS =
            List.of(
                    new Setting("catalogPassword", EngineConfig::catalogPassword),
                    new Setting("dataPath", EngineConfig::dataPath),
                    new Setting("readOnly", EngineConfig::readOnly),
                    new Setting("threads", EngineConfig::threads),
                    new Setting("memoryLimit", EngineConfig::memoryLimit),
                    new Setting("temporaryDirectory", EngineConfig::temporaryDirectory),
                    new Setting("extensionDirectory", EngineConfig::extensionDirectory),
                    new Setting("dataInliningRowLimit", EngineConfig::dataInliningRowLimit),
                    new Setting("secrets", EngineConfig::secrets),
                    new Setting("maxConcurrentReads", EngineConfig::maxConcurrentReads),
                    new Setting("maxPendingCommits", EngineConfig::maxPendingCommits),
                    new Setting("acquireTimeout", EngineConfig::acquireTimeout),
                    new Setting("commitRetries", EngineConfig::commitRetries),
                    new Setting("commitRetryBackoff", EngineConfig::commitRetryBackoff));

    private final Function<EngineConfig, LakeEngine> opener;
    private final Map<String, Entry> engines = new HashMap<>();

    EngineRegistry(Function<EngineConfig, LakeEngine> opener) {
        this.opener = opener;
    }

    /** The JVM-wide registry. */
    public static EngineRegistry shared() {
        return SHARED;
    }

    /**
     * The engine for the config's catalog, opened if no one holds it. Opening and closing happen
     * under the registry's lock, so an engine closing for its last user never overlaps the next
     * user's new engine on the same catalog (a DuckDB-file catalog admits one instance).
     */
    public synchronized Lease acquire(EngineConfig config) {
        String key = config.catalog().key();
        Entry entry = engines.get(key);
        if (entry != null && !entry.engine.usable()) {
            LOG.warn(
                    "The lake engine for {} is no longer usable (DuckDB invalidated it after a fatal error);"
                            + " closing it, which fails its {} users' calls, and opening a new one",
                    config.catalog(),
                    entry.users);
            engines.remove(key, entry);
            entry.engine.close();
            entry = null;
        }
        if (entry == null) {
            entry = new Entry(opener.apply(config));
            engines.put(key, entry);
        } else {
            List<String> differing = differingSettings(entry.engine.config(), config);
            if (!differing.isEmpty()) {
                LOG.warn(
                        "The lake engine for {} is already open in this JVM with other settings ({}) than a new"
                                + " user asks for; it keeps those of its first user until its last user closes it. Give every"
                                + " sink, source and catalog of one lake in a TaskManager the same engine options",
                        config.catalog(),
                        String.join(", ", differing));
            }
        }
        entry.users++;
        return new Lease(key, entry);
    }

    /**
     * The settings whose values differ between the two configs, by name; values stay out (secrets).
     */
    static List<String> differingSettings(EngineConfig open, EngineConfig asked) {
        return SETTINGS.stream()
                .filter(
                        setting ->
                                !Objects.equals(
                                        setting.value().apply(open), setting.value().apply(asked)))
                .map(Setting::name)
                .toList();
    }

    /** Catalogs with an open engine right now. */
    public synchronized int openEngines() {
        return engines.size();
    }

    /** Users of the catalog's engine right now. */
    public synchronized int users(CatalogLocation catalog) {
        Entry entry = engines.get(catalog.key());
        return entry == null ? 0 : entry.users;
    }

    private synchronized void release(String key, Entry entry) {
        if (--entry.users == 0) {
            engines.remove(key, entry);
            entry.engine.close();
        }
    }

    private record Setting(String name, Function<EngineConfig, Object> value) {}

    private static final class Entry {
        private final LakeEngine engine;
        private int users;

        private Entry(LakeEngine engine) {
            this.engine = engine;
        }
    }

    /** One user's hold on a shared engine. Closing it is idempotent. */
    public final class Lease implements AutoCloseable {
        private final String key;
        private final Entry entry;
        private boolean released;

        private Lease(String key, Entry entry) {
            this.key = key;
            this.entry = entry;
        }

        public LakeEngine engine() {
            return entry.engine;
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                release(key, entry);
            }
        }
    }
}
