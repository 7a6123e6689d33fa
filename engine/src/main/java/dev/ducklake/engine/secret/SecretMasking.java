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

package dev.ducklake.engine.secret;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the passwords and keys a user gives the engine out of every message it raises and every
 * line it logs. DuckDB repeats a PostgreSQL catalog's whole connection string in its errors, so
 * masking the engine's own text is not enough: every {@link
 * dev.ducklake.engine.error.LakeException} masks its message and its chain of causes when it is
 * created.
 *
 * <p>Two nets: the forms a password takes in a connection string ({@code password=...}, quoted or
 * not, and {@code scheme://user:password@host}), and the literal values of every secret this JVM
 * has been given (catalog passwords, DuckDB secret parameters), wherever they appear.
 */
public final class SecretMasking {

    /** What a masked value reads as. */
    public static final String MASK = "***";

    /**
     * Values this short would mask ordinary words; the patterns still catch them in their forms.
     */
    private static final int MIN_LITERAL_LENGTH = 4;

    private static final Pattern KEY_VALUE =
            Pattern.compile(
                    "(?i)(\\bpassword\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"|[^\\s&'\"]+)");
    private static final Pattern URI_USER_INFO =
            Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://[^:/@\\s]*:)([^@\\s]+)(@)");

    private static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();

    private SecretMasking() {}

    /** Remembers a secret, so that its value is masked wherever it appears from now on. */
    public static void register(String secret) {
        if (secret != null && secret.length() >= MIN_LITERAL_LENGTH) {
            KNOWN.add(secret);
        }
    }

    /**
     * Remembers the passwords of a libpq connection string: {@code password=...} values, quoted or
     * not, and the password of a {@code postgresql://user:password@host} URI, as written and
     * decoded.
     */
    public static void registerPasswordsOf(String connectionString) {
        Matcher keyValue = KEY_VALUE.matcher(connectionString);
        while (keyValue.find()) {
            String value = keyValue.group(2);
            register(value);
            char quote = value.charAt(0);
            if (value.length() >= 2
                    && (quote == '\'' || quote == '"')
                    && value.charAt(value.length() - 1) == quote) {
                register(value.substring(1, value.length() - 1).replaceAll("\\\\(.)", "$1"));
            }
        }
        Matcher userInfo = URI_USER_INFO.matcher(connectionString);
        while (userInfo.find()) {
            register(userInfo.group(2));
            register(URLDecoder.decode(userInfo.group(2), StandardCharsets.UTF_8));
        }
    }

    /** True for a {@code CREATE SECRET} parameter or option name that holds a credential. */
    public static boolean isSensitive(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.contains("password")
                || lower.contains("secret")
                || lower.contains("token")
                || lower.contains("key")
                || lower.contains("credential");
    }

    /** The text with every password and known secret replaced by {@value #MASK}. */
    public static String mask(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = KEY_VALUE.matcher(text).replaceAll("$1" + Matcher.quoteReplacement(MASK));
        masked =
                URI_USER_INFO
                        .matcher(masked)
                        .replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        for (String secret : KNOWN) {
            masked = masked.replace(secret, MASK);
        }
        return masked;
    }

    /**
     * The throwable itself when no message in its chain holds a secret; otherwise a copy of the
     * chain in which each throwable keeps its class name, stack trace and masked message.
     */
    public static Throwable mask(Throwable throwable) {
        return throwable == null || !holdsSecret(throwable) ? throwable : copyMasked(throwable);
    }

    /**
     * Whether a message of the throwable, its causes, their suppressed errors or JDBC's chained
     * errors holds a secret.
     */
    private static boolean holdsSecret(Throwable throwable) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>(List.of(throwable));
        while (!pending.isEmpty()) {
            Throwable t = pending.pop();
            if (!seen.add(t)) {
                continue;
            }
            String message = t.getMessage();
            if (message != null && !message.equals(mask(message))) {
                return true;
            }
            if (t.getCause() != null) {
                pending.push(t.getCause());
            }
            pending.addAll(Arrays.asList(t.getSuppressed()));
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                pending.push(sql.getNextException());
            }
        }
        return false;
    }

    private static Throwable copyMasked(Throwable original) {
        Throwable cause =
                original.getCause() == null || original.getCause() == original
                        ? null
                        : copyMasked(original.getCause());
        MaskedThrowable copy =
                new MaskedThrowable(
                        original.getClass().getName(), mask(original.getMessage()), cause);
        copy.setStackTrace(original.getStackTrace());
        for (Throwable suppressed : original.getSuppressed()) {
            copy.addSuppressed(mask(suppressed));
        }
        return copy;
    }

    /** A throwable whose message held a secret, retold with the secret masked. */
    static final class MaskedThrowable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final String originalClass;

        MaskedThrowable(String originalClass, String message, Throwable cause) {
            super(message, cause);
            this.originalClass = originalClass;
        }

        @Override
        public String toString() {
            return getMessage() == null ? originalClass : originalClass + ": " + getMessage();
        }
    }
}
