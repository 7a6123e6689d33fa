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

/**
 * Something the engine hands out that holds resources until it is closed (a connection, a staging
 * table): registered with the engine's {@link OpenResources} while open, so that closing the engine
 * closes it too, and released once, by the first close, whoever calls it.
 */
public abstract class EngineResource implements AutoCloseable {

    protected final EngineContext context;
    private volatile boolean closed;

    protected EngineResource(EngineContext context) {
        this.context = context;
    }

    /**
     * Registers the resource with the engine; a subclass calls it last in its constructor. When the
     * engine is closed already, closes the resource and fails.
     */
    protected final void register() {
        try {
            context.resources().register(this);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Whether the resource was closed (for a session: committed, aborted or closed). */
    public final boolean closed() {
        return closed;
    }

    /** Releases what the resource holds, the first time; later calls do nothing. */
    @Override
    public final synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        context.resources().unregister(this);
        release();
    }

    /** Lets go of what the resource holds, whatever fails; runs once, at the first close. */
    protected abstract void release();
}
