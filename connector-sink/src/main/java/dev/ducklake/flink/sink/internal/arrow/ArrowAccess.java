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

package dev.ducklake.flink.sink.internal.arrow;

import java.nio.ByteBuffer;
import org.apache.flink.annotation.Internal;

/**
 * Checks that Apache Arrow, which stages the sink's rows off the Java heap, can reach the memory of
 * {@code java.nio} buffers. Java 17 opens {@code java.nio} only to a JVM started with {@value
 * #JVM_OPTION}: Flink's own scripts pass it for Java 17, a JVM started otherwise (an IDE, a plain
 * {@code java}, an embedding application) may not. Without it Arrow's first use dies with an {@code
 * ExceptionInInitializerError} and every later one with a {@code NoClassDefFoundError}, neither of
 * which names the option; the staging checks first.
 */
@Internal
final class ArrowAccess {

    static final String JVM_OPTION = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    private ArrowAccess() {}

    /** Fails, saying which JVM option is missing, unless {@code java.nio} is open to this code. */
    static void require() {
        if (!ByteBuffer.class
                .getModule()
                .isOpen(ByteBuffer.class.getPackageName(), ArrowAccess.class.getModule())) {
            throw new IllegalStateException(
                    "The DuckLake sink stages rows with Apache Arrow, which needs the JVM"
                            + " option "
                            + JVM_OPTION
                            + "; this JVM was started without it. Add it to the JVM options of"
                            + " the TaskManagers (Flink's env.java.opts.all) or to the java command that runs the job");
        }
    }
}
