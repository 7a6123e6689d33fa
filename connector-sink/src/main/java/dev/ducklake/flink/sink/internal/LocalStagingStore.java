package dev.ducklake.flink.sink.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A staging root on a local or mounted file system. */
@Internal
final class LocalStagingStore implements StagingStore {

    private static final Logger LOG = LoggerFactory.getLogger(LocalStagingStore.class);

    private final String root;
    private final Path directory;

    LocalStagingStore(String root) {
        this.root = root;
        this.directory = Path.of(root.startsWith("file://") ? root.substring("file://".length()) : root);
    }

    @Override
    public String root() {
        return root;
    }

    @Override
    public String resolve(String relative) {
        return directory.resolve(relative).toString();
    }

    @Override
    public void prepareDirectory(String relative) {
        Path dir = directory.resolve(relative);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw StagingStore.failure("Could not create the staging directory " + dir, e);
        }
    }

    @Override
    public List<String> list(String relative) {
        Path dir = directory.resolve(relative);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(file -> dir.relativize(file).toString()).toList();
        } catch (NoSuchFileException e) {
            return List.of(); // another subtask cleaned it
        } catch (IOException | UncheckedIOException e) {
            if (e.getCause() instanceof NoSuchFileException) {
                return List.of();
            }
            throw StagingStore.failure("Could not list the staging directory " + dir, e);
        }
    }

    @Override
    public boolean exists(String file) {
        return Files.exists(Path.of(file));
    }

    @Override
    public boolean reachable() {
        return Files.isReadable(directory);
    }

    @Override
    public void delete(Collection<String> files) {
        for (String file : files) {
            try {
                Files.deleteIfExists(Path.of(file));
            } catch (IOException e) {
                LOG.warn("Could not delete the staging file {}; it can be removed by hand", file, e);
            }
        }
    }

    @Override
    public void close() {}
}
