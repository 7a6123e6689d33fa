package dev.ducklake.engine.testutils;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root, found from a test's working directory (a module's directory) upwards. */
public final class ProjectRoot {

    private ProjectRoot() {}

    /** The nearest directory at or above the working directory that holds {@code marker}, a relative path. */
    public static Path containing(String marker) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve(marker))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(marker + " not found above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
