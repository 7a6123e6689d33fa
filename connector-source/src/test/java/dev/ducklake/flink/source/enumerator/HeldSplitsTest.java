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

package dev.ducklake.flink.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ducklake.engine.read.Bucket;
import dev.ducklake.flink.source.split.DuckLakeSplit;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** When the enumerator may let go of the versions of the splits it assigned. */
class HeldSplitsTest {

    private static final DuckLakeSplit OLDER = DuckLakeSplit.changes(3, 5, new Bucket(0, 2));
    private static final DuckLakeSplit NEWER = DuckLakeSplit.changes(5, 8, new Bucket(1, 2));

    @Test
    void aFinishedSplitIsHeldUntilACheckpointSnapshottedAfterTheFinishCompletes() {
        HeldSplits held = new HeldSplits(List.of(), 0);
        held.assigned(OLDER);
        held.assigned(NEWER);
        held.snapshot(1);
        held.finished(List.of(OLDER.splitId()));

        held.checkpointCompleted(1);
        assertThat(held.oldestVersion()).as("checkpoint 1 was taken before the finish").hasValue(3);
        held.snapshot(2);
        held.checkpointCompleted(2);
        assertThat(held.oldestVersion()).hasValue(5);
    }

    @Test
    void aRestartedReaderReadsItsSplitsAgainSoTheirFinishesNoLongerCount() {
        HeldSplits held = new HeldSplits(List.of(), 0);
        held.assigned(OLDER);
        held.assigned(NEWER);
        held.finished(List.of(OLDER.splitId(), NEWER.splitId()));
        held.readerRestarted(bucket -> bucket == 0);

        held.snapshot(1);
        held.checkpointCompleted(1);
        assertThat(held.oldestVersion()).as("reader 0 reads the older split again").hasValue(3);
    }

    @Test
    void returnedSplitsArePendingNotHeldAndARestoreReleasesWhatItsCheckpointConfirmed() {
        HeldSplits held = new HeldSplits(List.of(), 0);
        held.assigned(OLDER);
        held.assigned(NEWER);
        held.returned(NEWER);
        held.finished(List.of(OLDER.splitId()));
        List<HeldSplits.Entry> checkpoint = held.snapshot(1);
        assertThat(held.oldestVersion()).hasValue(3);

        assertThat(new HeldSplits(checkpoint, 1).oldestVersion()).isEqualTo(OptionalLong.empty());
    }
}
