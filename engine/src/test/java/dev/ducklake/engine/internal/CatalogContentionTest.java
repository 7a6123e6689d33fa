package dev.ducklake.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The errors of DuckDB, DuckLake and the catalog databases that a commit retries, as they read. */
class CatalogContentionTest {

    @Test
    void lostRacesForIdsAndSchemasAreConflicts() {
        assertThat(CatalogContention.isConflict(new SQLException("TransactionContext Error: Failed to commit:"
                + " Failed to flush changes into DuckLake: Duplicate key \"data_file_id: 7\" violates primary key"
                + " constraint."))).isTrue();
        assertThat(CatalogContention.isConflict(new SQLException("Catalog Error: Schema with name sinks not found"
                + " in metadata catalog"))).isTrue();
        assertThat(CatalogContention.isConflict(new SQLException("ERROR:  duplicate key value violates unique"
                + " constraint \"ducklake_snapshot_pkey\""))).isTrue();
        assertThat(CatalogContention.isConflict(new SQLException("database is locked"))).isTrue();
    }

    @Test
    void otherErrorsAreNot() {
        assertThat(CatalogContention.isConflict(new SQLException("Conversion Error: Could not convert string 'x'"
                + " to INT64"))).isFalse();
        assertThat(CatalogContention.isConflict(new SQLException("Constraint Error: NOT NULL constraint failed:"
                + " t.id"))).isFalse();
    }
}
