package dev.ducklake.flink.catalog;

import dev.ducklake.engine.testutils.EngineUserArchitecture;

/** This module uses the engine only through its API, and its packages have no cycles. */
class ArchitectureTest extends EngineUserArchitecture {

    ArchitectureTest() {
        super("dev.ducklake.flink.catalog");
    }
}
