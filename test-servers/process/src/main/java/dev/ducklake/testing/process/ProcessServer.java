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

package dev.ducklake.testing.process;

/**
 * A test server that is one {@link ServerProcess}: it starts, stops, is killed and closes with that
 * process, keeping what it stores on disk across {@link #stop()}, {@link #kill()} and {@link
 * #start()}.
 */
public abstract class ProcessServer implements AutoCloseable {

    private final ServerProcess process;

    protected ProcessServer(ServerProcess process) {
        this.process = process;
    }

    /**
     * Starts the server, or starts it again after {@link #stop()} or {@link #kill()}; waits until
     * it is up.
     */
    public void start() {
        process.start();
    }

    /** Stops the server cleanly (SIGTERM). */
    public void stop() {
        process.stop();
    }

    /** Kills the server (SIGKILL), as a crash does. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.close();
    }
}
