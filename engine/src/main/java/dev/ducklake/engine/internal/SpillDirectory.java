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

import dev.ducklake.engine.error.LakeException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's own spill directory, {@code ducklake-engine-<pid>-<random>} under its parent, removed
 * on close. A process that dies without closing its engines (SIGKILL, a TaskManager the job lost)
 * leaves its directories behind, so each new one removes those of engines that are gone: every
 * directory holds a lock file that its engine keeps locked while it lives, and the operating system
 * releases the lock when the process ends however it ends. A directory whose lock can be taken has
 * no owner any more. Unlike a process id, the lock also tells live owners in other containers
 * sharing the directory, and another JVM that reused the id, from dead ones.
 */
final class SpillDirectory implements AutoCloseable {

    static final String PREFIX = "ducklake-engine-";
    private static final String LOCK_FILE = ".owner.lock";

    /** Where a new directory is made and locked before it takes its {@code PREFIX} name. */
    private static final String UNLOCKED_PREFIX = ".unlocked-" + PREFIX;

    private static final Logger LOG = LoggerFactory.getLogger(SpillDirectory.class);

    /**
     * The directories of this JVM's engines. Their lock files are never opened to be checked:
     * closing any channel to a file releases every lock the process holds on it.
     */
    private static final Set<Path> OWNED = ConcurrentHashMap.newKeySet();

    private final Path path;
    private final FileChannel owner;

    private SpillDirectory(Path path, FileChannel owner) {
        this.path = path;
        this.owner = owner;
    }

    /**
     * Removes the abandoned spill directories under {@code parent}, then creates and locks a new
     * one.
     */
    static SpillDirectory create(Path parent) {
        Path unlocked = null;
        Path path = null;
        try {
            // One spelling of every path, so that this JVM's own directories are recognised.
            Path real = Files.createDirectories(parent).toRealPath();
            removeAbandoned(real);
            // Made and locked under a name no engine removes, then renamed (the lock stays with the
            // file): an engine of another process never finds the directory unlocked.
            unlocked = Files.createTempDirectory(real, UNLOCKED_PREFIX);
            FileChannel owner =
                    FileChannel.open(
                            unlocked.resolve(LOCK_FILE),
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE);
            try {
                owner.lock();
                path =
                        real.resolve(
                                PREFIX
                                        + ProcessHandle.current().pid()
                                        + "-"
                                        + unlocked.getFileName()
                                                .toString()
                                                .substring(UNLOCKED_PREFIX.length()));
                OWNED.add(path);
                Files.move(unlocked, path, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                owner.close();
                throw e;
            }
            return new SpillDirectory(path, owner);
        } catch (IOException e) {
            deleteRecursively(unlocked);
            if (path != null) {
                OWNED.remove(path);
                deleteRecursively(path);
            }
            throw new LakeException(
                    "Could not create the engine's spill directory under " + parent + ": " + e, e);
        }
    }

    Path path() {
        return path;
    }

    /** Removes the directory, then releases it. */
    @Override
    public void close() {
        try (FileChannel lock = owner) {
            deleteRecursively(path);
        } catch (IOException e) {
            LOG.debug("Could not release the lock of {}", path, e);
        } finally {
            OWNED.remove(path);
        }
    }

    private static void removeAbandoned(Path parent) throws IOException {
        try (DirectoryStream<Path> candidates = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path candidate : candidates) {
                Path lock = candidate.resolve(LOCK_FILE);
                if (!OWNED.contains(candidate) && Files.isRegularFile(lock) && isAbandoned(lock)) {
                    LOG.info(
                            "Removing the spill directory {} of an engine that is gone", candidate);
                    deleteRecursively(candidate);
                }
            }
        }
    }

    private static boolean isAbandoned(Path lock) {
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE)) {
            FileLock taken = channel.tryLock();
            return taken != null;
        } catch (IOException | OverlappingFileLockException e) {
            LOG.debug("Could not check the owner of {}", lock, e);
            return false;
        }
    }

    private static void deleteRecursively(Path path) {
        if (path == null || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount())
                    .forEach(
                            p -> {
                                try {
                                    Files.deleteIfExists(p);
                                } catch (IOException e) {
                                    LOG.warn("Could not delete temporary file {}", p, e);
                                }
                            });
        } catch (IOException e) {
            LOG.warn("Could not delete temporary directory {}", path, e);
        }
    }
}
