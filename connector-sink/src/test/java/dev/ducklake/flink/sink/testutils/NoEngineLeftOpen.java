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

package dev.ducklake.flink.sink.testutils;

import static org.awaitility.Awaitility.await;

import dev.ducklake.engine.EngineRegistry;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After each test, however its job ended, no sink or source still holds an engine. Flink closes a
 * finished, failed or cancelled job's enumerators, readers, writers and committers as the job winds
 * down, not before the client hears that it ended: this waits for that, up to 10 s.
 */
public final class NoEngineLeftOpen implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        awaitNone();
    }

    /** Waits until no engine of the JVM-wide registry is open. */
    public static void awaitNone() throws Exception {
        // Usually they are closed already: look at once.
        await("every engine closed (open engines)")
                .atMost(Duration.ofSeconds(10))
                .pollDelay(Duration.ZERO)
                .until(() -> EngineRegistry.shared().openEngines(), open -> open == 0);
    }
}
