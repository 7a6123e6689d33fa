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

package dev.ducklake.flink.common;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.function.ThrowingConsumer;

/**
 * Runs a read of rows on a thread of its own, a few batches ahead of the caller, which takes the
 * rows on its thread: for loads whose use of each row (serializing and indexing it) costs about as
 * much as reading it, so that the two share the cores. The reading thread ends with the call, also
 * when the caller's action fails.
 */
@Internal
final class ReadAhead {

    /** Batches read but not yet taken: they bound the memory the read-ahead holds. */
    private static final int BATCHES_AHEAD = 4;

    private static final GenericRowData[] END = new GenericRowData[0];

    /** A read that hands each batch of rows it reads to a consumer. */
    @FunctionalInterface
    interface BatchRead {
        void run(ThrowingConsumer<GenericRowData[], InterruptedException> batches) throws Exception;
    }

    private final BlockingQueue<GenericRowData[]> batches = new ArrayBlockingQueue<>(BATCHES_AHEAD);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopped;

    private ReadAhead() {}

    /**
     * Runs the read on a thread named {@code name}, handing each of its rows to the action here.
     */
    static <E extends Exception> void forEachRow(
            String name, BatchRead read, ThrowingConsumer<GenericRowData, E> action) throws E {
        new ReadAhead().run(name, read, action);
    }

    private <E extends Exception> void run(
            String name, BatchRead read, ThrowingConsumer<GenericRowData, E> action) throws E {
        Thread reader = new Thread(() -> read(read), name);
        reader.setDaemon(true);
        reader.start();
        try {
            for (GenericRowData[] batch = take(name); batch != END; batch = take(name)) {
                for (GenericRowData row : batch) {
                    action.accept(row);
                }
            }
        } finally {
            stopped = true;
            joinUninterruptibly(reader);
        }
        Throwable failed = failure.get();
        if (failed != null) {
            ExceptionUtils.rethrow(failed);
        }
    }

    private void read(BatchRead read) {
        try {
            read.run(this::handOver);
        } catch (Throwable t) {
            failure.set(t);
        }
        try {
            handOver(END);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits for room for the batch, unless the caller has stopped taking them. */
    private void handOver(GenericRowData[] batch) throws InterruptedException {
        while (!stopped) {
            if (batches.offer(batch, 100, TimeUnit.MILLISECONDS)) {
                return;
            }
        }
        if (batch != END) {
            throw new InterruptedException("The rows are no longer taken");
        }
    }

    private GenericRowData[] take(String name) {
        try {
            return batches.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlinkRuntimeException("Interrupted while waiting for rows of " + name, e);
        }
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
