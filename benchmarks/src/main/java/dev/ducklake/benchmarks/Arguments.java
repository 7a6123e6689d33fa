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

package dev.ducklake.benchmarks;

import java.util.Arrays;

/** A benchmark's numeric command-line arguments, each with its default when it is not given. */
final class Arguments {

    private Arguments() {}

    /** The argument at {@code index} as a number, or {@code otherwise} when there are fewer. */
    static long number(String[] args, int index, long otherwise) {
        return args.length > index ? Long.parseLong(args[index]) : otherwise;
    }

    /**
     * The arguments from {@code from} on as numbers (table sizes, say), or {@code otherwise} when
     * there are none.
     */
    static long[] numbersFrom(String[] args, int from, long[] otherwise) {
        return args.length > from
                ? Arrays.stream(args, from, args.length).mapToLong(Long::parseLong).toArray()
                : otherwise;
    }
}
