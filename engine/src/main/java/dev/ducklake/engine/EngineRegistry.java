package dev.ducklake.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Shares one {@link LakeEngine} per catalog within a JVM. {@link #acquire} opens the engine on
 * first use and counts its users; each {@link Lease#close()} gives one back, and the last one
 * closes the engine. The first user's settings open the engine; later users with the same catalog
 * share it as it is.
 *
 * <pre>{@code
 * try (EngineRegistry.Lease lease = EngineRegistry.shared().acquire(config)) {
 *     lease.engine().read(table, ScanRequest.all());
 * }
 * }</pre>
 */
public final class EngineRegistry {

    private static final EngineRegistry SHARED = new EngineRegistry(LakeEngine::open);

    private final Function<EngineConfig, LakeEngine> opener;
    private final Map<String, Entry> engines = new HashMap<>();

    EngineRegistry(Function<EngineConfig, LakeEngine> opener) {
        this.opener = opener;
    }

    /** The JVM-wide registry. */
    public static EngineRegistry shared() {
        return SHARED;
    }

    /** The engine for the config's catalog, opened if no one holds it. */
    public Lease acquire(EngineConfig config) {
        String key = config.catalog().key();
        Entry entry;
        synchronized (this) {
            entry = engines.computeIfAbsent(key, k -> new Entry());
            entry.users++;
        }
        try {
            synchronized (entry) {
                if (entry.engine == null) {
                    entry.engine = opener.apply(config);
                }
            }
        } catch (RuntimeException e) {
            release(key, entry);
            throw e;
        }
        return new Lease(key, entry);
    }

    /** Catalogs with an open engine right now. */
    public synchronized int openEngines() {
        return (int) engines.values().stream().filter(e -> e.engine != null).count();
    }

    /** Users of the catalog's engine right now. */
    public synchronized int users(CatalogLocation catalog) {
        Entry entry = engines.get(catalog.key());
        return entry == null ? 0 : entry.users;
    }

    private void release(String key, Entry entry) {
        LakeEngine toClose = null;
        synchronized (this) {
            if (--entry.users == 0) {
                engines.remove(key, entry);
                toClose = entry.engine;
            }
        }
        if (toClose != null) {
            synchronized (entry) {
                toClose.close();
                entry.engine = null;
            }
        }
    }

    private static final class Entry {
        private int users;
        private LakeEngine engine;
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
