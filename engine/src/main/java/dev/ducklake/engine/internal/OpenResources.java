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

import dev.ducklake.engine.error.LakeClosedException;
import dev.ducklake.engine.secret.SecretMasking;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The readers and sessions an engine has handed out and not yet seen closed. Closing the engine
 * closes them all; registering after that fails with a "closed" error.
 */
public final class OpenResources {

    private static final Logger LOG = LoggerFactory.getLogger(OpenResources.class);

    private final String owner;
    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public OpenResources(String owner) {
        this.owner = owner;
    }

    /** Fails with {@link LakeClosedException} once {@link #closeAll()} has begun. */
    public void ensureOpen() {
        if (closed) {
            throw new LakeClosedException("The lake engine for " + owner + " is closed");
        }
    }

    public <T extends AutoCloseable> T register(T resource) {
        ensureOpen();
        open.add(resource);
        if (closed) {
            open.remove(resource);
            throw new LakeClosedException("The lake engine for " + owner + " is closed");
        }
        return resource;
    }

    public void unregister(AutoCloseable resource) {
        open.remove(resource);
    }

    public int size() {
        return open.size();
    }

    /** Refuses new registrations, then closes everything still open. */
    public void closeAll() {
        closed = true;
        List<AutoCloseable> snapshot = new ArrayList<>(open);
        for (AutoCloseable resource : snapshot) {
            try {
                resource.close();
            } catch (Exception e) {
                LOG.warn(
                        "Closing {} failed while closing the engine for {}",
                        resource,
                        owner,
                        SecretMasking.mask(e));
            }
        }
        open.clear();
    }
}
