package dev.ducklake.flink.catalog;

import dev.ducklake.engine.maintenance.MaintenanceReport;
import dev.ducklake.engine.maintenance.MaintenanceRequest;
import dev.ducklake.engine.schema.LakeObject;
import dev.ducklake.engine.schema.TableName;
import dev.ducklake.flink.catalog.procedure.LakeMaintainer;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.ObjectPath;

/** The catalog's lake as its procedures use it: through the catalog's {@link LakeAccess}, as every catalog call. */
@Internal
final class CatalogMaintainer implements LakeMaintainer {

    private final String catalogName;
    private final String defaultDatabase;
    private final LakeAccess lake;

    CatalogMaintainer(String catalogName, String defaultDatabase, LakeAccess lake) {
        this.catalogName = catalogName;
        this.defaultDatabase = defaultDatabase;
        this.lake = lake;
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    @Override
    public String defaultDatabase() {
        return defaultDatabase;
    }

    @Override
    public boolean isTable(TableName name) {
        return lake.call(engine -> DuckLakeCatalog.kind(engine, new ObjectPath(name.schema(), name.table()))
                .equals(Optional.of(LakeObject.Kind.TABLE)));
    }

    @Override
    public MaintenanceReport maintain(MaintenanceRequest request) {
        return lake.call(engine -> engine.maintain(request));
    }
}
