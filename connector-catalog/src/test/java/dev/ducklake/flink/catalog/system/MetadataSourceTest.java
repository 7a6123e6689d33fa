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

package dev.ducklake.flink.catalog.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

/** A system table's split and checkpoint keep the rows emitted, and a restored split skips them. */
class MetadataSourceTest {

    private static final List<RowData> ROWS =
            List.of(GenericRowData.of(1L), GenericRowData.of(2L), GenericRowData.of(3L));

    @Test
    void aRestoredSplitSkipsTheRowsEmittedBeforeTheCheckpoint() throws Exception {
        MetadataSource.Split split = new MetadataSource.Split(0, () -> ROWS);
        MetadataSource.Rows rows = split.getIterator();
        rows.next();
        rows.next();

        MetadataSource.SplitSerializer serializer = new MetadataSource.SplitSerializer();
        MetadataSource.Split restored =
                serializer.deserialize(
                        serializer.getVersion(),
                        serializer.serialize(split.getUpdatedSplitForIterator(rows)));
        assertThat(restored.emitted()).isEqualTo(2);
        MetadataSource.Rows rest =
                new MetadataSource.Split(restored.emitted(), () -> ROWS).getIterator();
        assertThat(rest.next()).isEqualTo(GenericRowData.of(3L));
        assertThat(rest.hasNext()).isFalse();
    }

    @Test
    void theEnumeratorsCheckpointKeepsItsUnassignedSplits() throws Exception {
        MetadataSource.CheckpointSerializer serializer = new MetadataSource.CheckpointSerializer();
        Collection<MetadataSource.Split> none =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(List.of()));
        assertThat(none).isEmpty();
        Collection<MetadataSource.Split> one =
                serializer.deserialize(
                        serializer.getVersion(),
                        serializer.serialize(List.of(new MetadataSource.Split(5, null))));
        assertThat(one).extracting(MetadataSource.Split::emitted).containsExactly(5L);
    }
}
