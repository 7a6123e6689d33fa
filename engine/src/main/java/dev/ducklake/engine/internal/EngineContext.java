package dev.ducklake.engine.internal;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ducklake.engine.EngineConfig;
import dev.ducklake.engine.error.LakeException;
import java.sql.SQLException;
import org.duckdb.DuckDBConnection;

/**
 * What the engine's role classes share: the DuckDB instance, the settings, the bounds on reads and
 * commits, the registry of open resources, and the JSON mapper for commit metadata.
 */
public final class EngineContext {

    /** The name under which DuckLake attaches the metadata catalog of the lake. */
    public static final String METADATA = "__ducklake_metadata_" + EngineConfig.LAKE_ALIAS;

    private final EngineConfig config;
    private final DuckDbInstance duckDb;
    private final BoundedGate reads;
    private final BoundedGate commits;
    private final ReadGate readGate;
    private final OpenResources resources;
    private final ObjectMapper json;

    public EngineContext(EngineConfig config, DuckDbInstance duckDb) {
        this.config = config;
        this.duckDb = duckDb;
        this.reads = new BoundedGate("read", config.maxConcurrentReads(), config.acquireTimeout());
        this.commits = new BoundedGate("commit", config.maxPendingCommits(), config.acquireTimeout());
        this.readGate = new ReadGate(config.acquireTimeout());
        this.resources = new OpenResources(config.catalog().toString());
        this.json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    public EngineConfig config() {
        return config;
    }

    public BoundedGate reads() {
        return reads;
    }

    public BoundedGate commits() {
        return commits;
    }

    /** Keeps maintenance apart from reads. */
    public ReadGate readGate() {
        return readGate;
    }

    public OpenResources resources() {
        return resources;
    }

    public ObjectMapper json() {
        return json;
    }

    /** A fresh connection for one user; fails with a "closed" error once the engine closes. */
    public DuckDBConnection connect() {
        resources.ensureOpen();
        return duckDb.connect();
    }

    public DuckDbInstance duckDb() {
        return duckDb;
    }

    /** Runs short metadata work on a connection of its own. */
    public <T> T withConnection(String what, SqlWork<T> work) {
        try (DuckDBConnection connection = connect()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw new LakeException("Could not " + what + ": " + e.getMessage(), e);
        }
    }

    /** Work against one connection that may throw {@link SQLException}. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(DuckDBConnection connection) throws SQLException;
    }
}
