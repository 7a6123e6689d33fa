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

package dev.ducklake.engine.error;

import dev.ducklake.engine.secret.SecretMasking;

/**
 * Base of every error the lake engine raises. Unchecked, like the JDBC errors it wraps.
 *
 * <p>A lower-level error (JDBC, file system) that causes one is kept as a suppressed exception, not
 * as its cause, and the message quotes what it says. Flink's SQL client and REST API show the
 * innermost cause of a failure first, or alone; that has to be the engine's message, which says
 * what failed and where, not the bare error beneath it (a {@code NoSuchFileException} that says
 * only {@code /proc/foo}). Logged stack traces still show the suppressed error in full.
 *
 * <p>Its message, cause and suppressed error never carry a password or key the engine was given
 * (see {@link SecretMasking}): DuckDB repeats a PostgreSQL catalog's connection string in its
 * errors.
 */
public class LakeException extends RuntimeException {

    public LakeException(String message) {
        super(SecretMasking.mask(message));
    }

    /**
     * The cause stays the cause when it is a {@link LakeException}; any other is suppressed, and
     * the message should quote it (see the class comment).
     */
    public LakeException(String message, Throwable cause) {
        this(SecretMasking.mask(cause), SecretMasking.mask(message));
    }

    private LakeException(Throwable maskedCause, String maskedMessage) {
        super(maskedMessage, maskedCause instanceof LakeException ? maskedCause : null);
        if (maskedCause != null && !(maskedCause instanceof LakeException)) {
            addSuppressed(maskedCause);
        }
    }
}
