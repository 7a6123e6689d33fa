package dev.ducklake.flink.catalog.procedure;

import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.TableName;
import org.apache.flink.annotation.Internal;

/** What the procedures need of the catalog: its names, and its lake's engine to run maintenance on. */
@Internal
public interface LakeMaintainer {

    /** The catalog's name, as the procedures' messages quote it ({@code lake}). */
    String catalogName();

    /** The database a table name without one is looked up in. */
    String defaultDatabase();

    /** Whether the name is a table of the lake (not a view, not missing). */
    boolean isTable(TableName name);

    /** Runs the maintenance on the lake's engine. */
    MaintenanceReport maintain(MaintenanceRequest request);
}
