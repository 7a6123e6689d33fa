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

package dev.ducklake.engine.internal;

import dev.ducklake.engine.config.CatalogLocation;
import dev.ducklake.engine.config.EngineConfig;
import dev.ducklake.engine.error.LakeException;
import dev.ducklake.engine.error.MissingExtensionException;
import dev.ducklake.engine.schema.Identifiers;
import dev.ducklake.engine.secret.SecretMasking;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One in-memory DuckDB instance with the lake attached as {@value EngineContext#LAKE_ALIAS}. Hands
 * out a connection per user (DuckDB connections are not for concurrent statements), all sharing the
 * instance's buffer pool and catalog. Owns its {@link SpillDirectory} and removes it on close.
 */
public final class DuckDbInstance implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DuckDbInstance.class);
    private static final String INSTALL_SCRIPT = "scripts/install-duckdb-extensions.sh";

    /**
     * Where the extensions the class path carries are placed for DuckDB, shared by the host's
     * engines.
     */
    private static final Path BUNDLED_EXTENSIONS =
            Path.of(
                    System.getProperty("java.io.tmpdir"),
                    "ducklake-duckdb-extensions-" + System.getProperty("user.name"));

    /** The secret DuckDB's postgres extension uses when a connection names none. */
    private static final String DEFAULT_POSTGRES_SECRET = "__default_postgres";

    private final DuckDBConnection root;
    private final SpillDirectory spillDirectory;
    private final String duckDbVersion;
    private final EngineConfig config;

    private DuckDbInstance(
            DuckDBConnection root,
            SpillDirectory spillDirectory,
            String duckDbVersion,
            EngineConfig config) {
        this.root = root;
        this.spillDirectory = spillDirectory;
        this.duckDbVersion = duckDbVersion;
        this.config = config;
    }

    /** Starts DuckDB, loads the extensions the catalog needs, and attaches the lake. */
    public static DuckDbInstance start(EngineConfig config) {
        SpillDirectory spill =
                SpillDirectory.create(
                        config.temporaryDirectory()
                                .orElse(Path.of(System.getProperty("java.io.tmpdir"))));
        DuckDBConnection root = null;
        try {
            Properties properties = new Properties();
            properties.setProperty("jdbc_stream_results", "true");
            properties.setProperty("autoinstall_known_extensions", "false");
            properties.setProperty("autoload_known_extensions", "true");
            // The driver directly, not DriverManager: DriverManager does not see a driver that sits
            // in a Flink user-code class loader (a job jar, or the SQL client's --jar).
            root = (DuckDBConnection) new DuckDBDriver().connect("jdbc:duckdb:", properties);
            String version = checkVersion(root);
            try (Statement st = root.createStatement()) {
                st.execute("SET threads = " + config.threads());
                st.execute("SET memory_limit = " + Identifiers.literal(config.memoryLimit()));
                st.execute("SET temp_directory = " + Identifiers.literal(spill.path().toString()));
                st.execute("SET preserve_insertion_order = false");
                Optional<Path> extensions = extensionDirectory(root, config, version);
                if (extensions.isPresent()) {
                    st.execute(
                            "SET extension_directory = "
                                    + Identifiers.literal(extensions.get().toString()));
                }
            }
            load(root, "ducklake", version);
            try (Statement st = root.createStatement()) {
                // DuckLake retries a commit that lost the race for the next snapshot by replaying
                // it on the new snapshot; with another process committing to the PostgreSQL
                // catalog, a replayed merge (deletes and inserts) left rows twice
                // (MultiProcessSoakITCase). The engine's own retry runs the whole commit again in a
                // new transaction instead.
                st.execute("SET ducklake_max_retry_count = 0");
                // Keeps the footers of the Parquet files read (in a cache of bounded size): data
                // files never change, and a key lookup reads the same footers again and again.
                st.execute("SET parquet_metadata_cache = true");
                // DuckDB's setting, not an option of the attach: the engine's deletes turn it off
                // for their statement (FileDeletes), which an option of the attach would take
                // precedence over.
                if (config.dataInliningRowLimit().isPresent()) {
                    st.execute(
                            "SET ducklake_default_data_inlining_row_limit = "
                                    + config.dataInliningRowLimit().get());
                }
            }
            String catalogExtension = config.catalog().kind().extension();
            if (catalogExtension != null) {
                load(root, catalogExtension, version);
            }
            if (!config.secrets().isEmpty()
                    || config.dataPath().map(DuckDbInstance::isRemote).orElse(false)) {
                load(root, "httpfs", version);
                // DuckDB buffers one part of each file it uploads to object storage in memory; the
                // part is the largest file allowed over 10,000 parts: 80 MB for DuckDB's default of
                // 800 GB, which a few writers staging at once exceed in a TaskManager's memory
                // limit. Files of up to 50 GB take parts of 5 MB, S3's minimum.
                Jdbc.execute(root, "SET s3_uploader_max_filesize = '50GB'");
            }
            createSecrets(root, config.secrets());
            if (config.catalogPassword().isPresent()) {
                // libpq reads it from DuckDB's default PostgreSQL secret, so no connection string
                // holds it.
                Jdbc.execute(
                        root,
                        "CREATE SECRET "
                                + DEFAULT_POSTGRES_SECRET
                                + " (TYPE postgres, PASSWORD "
                                + Identifiers.literal(config.catalogPassword().get())
                                + ")");
            }
            attach(root, config);
            return new DuckDbInstance(root, spill, version, config);
        } catch (SQLException e) {
            Jdbc.closeQuietly(root);
            spill.close();
            throw new LakeException(
                    "Could not open the lake "
                            + config.catalog()
                            + ": "
                            + e.getMessage()
                            + heldElsewhere(config.catalog(), e),
                    e);
        } catch (RuntimeException e) {
            Jdbc.closeQuietly(root);
            spill.close();
            throw e;
        }
    }

    /**
     * Detaches the lake and attaches it again; statements already running keep the old attachment.
     * A SQLite catalog whose commit failed with "database is locked" stays locked by this instance
     * (the sqlite extension keeps the connection of the failed commit, holding SQLite's pending
     * write lock), and every later statement of any process on the catalog fails the same way until
     * the instance detaches it. DuckLake's cached view of the catalog forgets an inlined-data table
     * that another process dropped only when attached again.
     */
    public void reattach() throws SQLException {
        try (Statement st = root.createStatement()) {
            st.execute("DETACH " + EngineContext.LAKE_ALIAS);
        }
        attach(root, config);
    }

    /** A new connection to this instance; the caller closes it. */
    public DuckDBConnection connect() {
        try {
            return root.duplicate();
        } catch (SQLException e) {
            throw new LakeException("Could not open a DuckDB connection: " + e.getMessage(), e);
        }
    }

    public String duckDbVersion() {
        return duckDbVersion;
    }

    public Path spillDirectory() {
        return spillDirectory.path();
    }

    @Override
    public void close() {
        try (Statement st = root.createStatement()) {
            st.execute("DETACH " + EngineContext.LAKE_ALIAS);
        } catch (SQLException e) {
            LOG.debug("Detaching the lake failed; closing DuckDB anyway", SecretMasking.mask(e));
        }
        Jdbc.closeQuietly(root);
        spillDirectory.close();
    }

    private static String checkVersion(Connection connection) throws SQLException {
        String expected = expectedVersion();
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT version()")) {
            rs.next();
            String actual = rs.getString(1);
            if (!actual.equals(expected)) {
                throw new LakeException(
                        "DuckDB reports "
                                + actual
                                + " but this build pins "
                                + expected
                                + " (duckdb_jdbc in the parent pom); a second duckdb_jdbc jar on the class path is the usual cause");
            }
            return actual;
        }
    }

    /**
     * The configured extension directory, else the one holding the extensions the class path
     * carries for this platform, else none: DuckDB's default ({@code ~/.duckdb/extensions}).
     */
    private static Optional<Path> extensionDirectory(
            Connection connection, EngineConfig config, String version) {
        if (config.extensionDirectory().isPresent()) {
            return config.extensionDirectory();
        }
        return BundledExtensions.place(version, platform(connection), BUNDLED_EXTENSIONS);
    }

    /**
     * DuckDB's name of the platform it runs on, as in its extension directory: {@code linux_amd64}.
     */
    private static String platform(Connection connection) {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT platform FROM pragma_platform()")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new LakeException("DuckDB did not name its platform: " + e.getMessage(), e);
        }
    }

    /** The DuckDB version this build pins, {@code v1.5.5} for {@code duckdb_jdbc} 1.5.5.1. */
    static String expectedVersion() {
        Properties pinned = new Properties();
        try (InputStream in =
                DuckDbInstance.class.getResourceAsStream(
                        "/dev/ducklake/engine/duckdb.properties")) {
            pinned.load(in);
        } catch (IOException | NullPointerException e) {
            throw new LakeException(
                    "The engine jar lacks dev/ducklake/engine/duckdb.properties", e);
        }
        String[] parts = pinned.getProperty("duckdb.jdbc.version").split("\\.");
        return "v" + parts[0] + "." + parts[1] + "." + parts[2];
    }

    private static void load(Connection connection, String extension, String version) {
        try (Statement st = connection.createStatement()) {
            st.execute("LOAD " + extension);
        } catch (SQLException e) {
            throw new MissingExtensionException(
                    "The DuckDB extension '"
                            + extension
                            + "' for DuckDB "
                            + version
                            + " could not be loaded ("
                            + firstLine(e.getMessage())
                            + "). The connector's jar carries it for"
                            + " linux_amd64, linux_arm64 and osx_arm64 unless duckdb.extension-directory is set; elsewhere,"
                            + " on a machine without internet access, install it from PyPI with: "
                            + INSTALL_SCRIPT
                            + " (or pip download duckdb-extension-"
                            + extension
                            + "=="
                            + version.substring(1)
                            + " and copy "
                            + extension
                            + ".duckdb_extension into the extension directory); with internet access: INSTALL "
                            + extension
                            + ";",
                    e);
        }
    }

    private static void createSecrets(
            Connection connection, Map<String, Map<String, String>> secrets) throws SQLException {
        try (Statement st = connection.createStatement()) {
            for (Map.Entry<String, Map<String, String>> secret : secrets.entrySet()) {
                String parameters =
                        secret.getValue().entrySet().stream()
                                .map(p -> p.getKey() + " " + Identifiers.literal(p.getValue()))
                                .collect(Collectors.joining(", "));
                st.execute(
                        "CREATE SECRET "
                                + Identifiers.quote(secret.getKey())
                                + " ("
                                + parameters
                                + ")");
            }
        }
    }

    private static void attach(Connection connection, EngineConfig config) throws SQLException {
        List<String> options = new ArrayList<>();
        config.dataPath().ifPresent(path -> options.add("DATA_PATH " + Identifiers.literal(path)));
        if (config.readOnly()) {
            options.add("READ_ONLY");
        }
        CatalogLocation catalog = config.catalog();
        if (catalog.kind() == CatalogLocation.Kind.SQLITE) {
            // SQLite's own wait for a file another process holds (5 s by default) as long as the
            // engine waits for anything else: a plain DuckDB reading the lake holds it while it
            // reads.
            options.add("META_BUSY_TIMEOUT " + config.acquireTimeout().toMillis());
        }
        if (catalog.isFile() && config.readOnly() && !Files.exists(Path.of(catalog.location()))) {
            throw new LakeException(
                    "The catalog "
                            + catalog
                            + " does not exist; a read-only engine cannot create it");
        }
        if (catalog.isFile() && !config.readOnly()) {
            createParentDirectories(Path.of(catalog.location()));
        }
        String sql =
                "ATTACH "
                        + Identifiers.literal(catalog.attachTarget())
                        + " AS "
                        + EngineContext.LAKE_ALIAS
                        + (options.isEmpty() ? "" : " (" + String.join(", ", options) + ")");
        try (Statement st = connection.createStatement()) {
            st.execute(sql);
        }
    }

    /** What to do when another process holds a DuckDB-file catalog; empty for any other failure. */
    private static String heldElsewhere(CatalogLocation catalog, SQLException e) {
        if (catalog.kind() != CatalogLocation.Kind.DUCKDB
                || !String.valueOf(e.getMessage()).contains("Could not set lock")) {
            return "";
        }
        return ". A DuckDB-file catalog serves one process at a time; for several (a cluster's JobManager and"
                + " TaskManagers, two jobs, a plain DuckDB beside a job) use 'sqlite:<path>' (processes on one machine)"
                + " or 'postgres:<libpq connection string>'";
    }

    /** DuckDB creates a missing catalog file, but not the directories above it. */
    private static void createParentDirectories(Path catalogFile) {
        Path parent = catalogFile.toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new LakeException(
                    "Could not create the directory "
                            + parent
                            + " of the catalog "
                            + catalogFile
                            + ": "
                            + e,
                    e);
        }
    }

    private static boolean isRemote(String path) {
        return path.matches("(?i)^(s3|s3a|gcs|gs|r2|az|azure|abfss|https?)://.*");
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
