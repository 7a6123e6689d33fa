package dev.ducklake.examples.cdc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/** Drops a PostgreSQL replication slot that a stopped Debezium connector leaves, so that it holds no WAL. */
public final class ReplicationSlots {

    private static final Duration RELEASE = Duration.ofSeconds(30);

    private ReplicationSlots() {}

    /** Drops the slot if it exists, once its last consumer let go of it (within 30 s). */
    public static void drop(String jdbcUrl, String slot) throws SQLException, InterruptedException {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                PreparedStatement active = connection.prepareStatement(
                        "SELECT active FROM pg_replication_slots WHERE slot_name = ?")) {
            active.setString(1, slot);
            long deadline = System.nanoTime() + RELEASE.toNanos();
            while (true) {
                try (ResultSet rs = active.executeQuery()) {
                    if (!rs.next()) {
                        return;
                    }
                    if (!rs.getBoolean(1) || System.nanoTime() > deadline) {
                        break;
                    }
                }
                Thread.sleep(100); // the server has no event to wait on
            }
            try (PreparedStatement drop = connection.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
                drop.setString(1, slot);
                drop.execute();
            }
        }
    }
}
