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

package dev.ducklake.flink.source.lookup;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.AsyncLookupFunction;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.concurrent.ExecutorThreadFactory;

/**
 * Looks keys up in the table's latest version, many keys per query: lookups queue up while a query
 * runs, and one thread takes every queued key (up to the batch size) into the next query, so the
 * number of queries follows the lookup rate over the query time, not the number of keys. Flink's
 * partial cache, when configured, sits in front of it.
 */
@Internal
public final class DuckLakeAsyncLookupFunction extends AsyncLookupFunction {

    private static final long serialVersionUID = 1L;

    /** How long a batch waits for the next key before its query runs. */
    private static final long GATHER_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private final LookupSettings settings;
    @Nullable private transient LakeLookups lookups;
    @Nullable private transient LinkedBlockingQueue<Pending> queue;
    @Nullable private transient ExecutorService worker;
    private transient volatile boolean closed;

    public DuckLakeAsyncLookupFunction(LookupSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(FunctionContext context) {
        lookups = new LakeLookups(settings);
        queue = new LinkedBlockingQueue<>();
        worker =
                Executors.newSingleThreadExecutor(
                        new ExecutorThreadFactory("ducklake-lookup-" + settings.table()));
        worker.execute(this::lookUpQueuedKeys);
    }

    @Override
    public CompletableFuture<Collection<RowData>> asyncLookup(RowData keyRow) {
        Pending pending = new Pending(lookups.keys().ofKey(keyRow), new CompletableFuture<>());
        queue.add(pending);
        return pending.result();
    }

    private void lookUpQueuedKeys() {
        List<Pending> batch = new ArrayList<>();
        // Closing sets the flag before it interrupts: a query may swallow the interrupt, the flag
        // stays.
        while (!closed) {
            try {
                gather(batch);
            } catch (InterruptedException e) {
                return;
            }
            try {
                Map<RowData, List<RowData>> rows =
                        lookups.lookup(batch.stream().map(Pending::key).toList());
                batch.forEach(
                        pending ->
                                pending.result()
                                        .complete(rows.getOrDefault(pending.key(), List.of())));
            } catch (Throwable t) {
                // The job fails through the lookups' futures; an Error still ends the thread.
                batch.forEach(pending -> pending.result().completeExceptionally(t));
                if (t instanceof Error error) {
                    throw error;
                }
            }
            batch.clear();
        }
    }

    /**
     * Waits for a lookup, then takes the ones that follow it while they keep coming: the task
     * thread hands keys over one record at a time, so a batch taken at the first key would hold
     * only the few keys handed over by then and leave the rest to another query.
     */
    private void gather(List<Pending> batch) throws InterruptedException {
        batch.add(queue.take());
        int max = settings.maxBatchKeys();
        while (batch.size() < max) {
            queue.drainTo(batch, max - batch.size());
            Pending next =
                    batch.size() < max
                            ? queue.poll(GATHER_PAUSE_NANOS, TimeUnit.NANOSECONDS)
                            : null;
            if (next == null) {
                return;
            }
            batch.add(next);
        }
    }

    @Override
    public void close() throws Exception {
        closed = true;
        try {
            if (worker != null) {
                worker.shutdownNow();
                if (!worker.awaitTermination(1, TimeUnit.MINUTES)) {
                    throw new FlinkRuntimeException(
                            "The lookups of " + settings.table() + " did not stop");
                }
                worker = null;
            }
        } finally {
            if (queue != null) {
                FlinkRuntimeException ended =
                        new FlinkRuntimeException("The lookup of " + settings.table() + " closed");
                queue.forEach(pending -> pending.result().completeExceptionally(ended));
                queue = null;
            }
            if (lookups != null) {
                lookups.close();
                lookups = null;
            }
        }
    }

    private record Pending(RowData key, CompletableFuture<Collection<RowData>> result) {}
}
