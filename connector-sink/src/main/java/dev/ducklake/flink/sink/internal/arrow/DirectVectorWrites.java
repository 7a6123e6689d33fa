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

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.flink.annotation.Internal;

/**
 * Writes values into the staging's Arrow vectors at their memory addresses. Arrow's {@code setSafe}
 * checks capacity, bounds and the buffers' reference counts for every value, which cost more than
 * the write itself; the staging allocates every vector for a whole batch up front and writes each
 * position once, in order, so those checks can be made once per batch instead ({@link #fits}). Only
 * variable-width data can outgrow its buffer, and {@link #putBytes} grows it.
 *
 * <p>A position left unwritten is null: the staging's vectors are zeroed when allocated and when
 * reset, and {@link #putBytes} gives the positions it skipped empty offsets, as Arrow's own writes
 * do.
 */
@Internal
final class DirectVectorWrites {

    private DirectVectorWrites() {}

    /**
     * Whether a vector takes direct writes of {@code rows} values: little-endian, allocated for
     * them.
     */
    static boolean fits(FieldVector vector, int rows) {
        return MemoryUtil.LITTLE_ENDIAN
                && vector.getValueCapacity() >= rows
                && (vector instanceof BaseFixedWidthVector
                        || vector instanceof BaseVariableWidthVector);
    }

    static void putLong(BaseFixedWidthVector vector, int index, long value) {
        MemoryUtil.putLong(vector.getDataBufferAddress() + 8L * index, value);
        markValid(vector.getValidityBufferAddress(), index);
    }

    static void putInt(BaseFixedWidthVector vector, int index, int value) {
        MemoryUtil.putInt(vector.getDataBufferAddress() + 4L * index, value);
        markValid(vector.getValidityBufferAddress(), index);
    }

    /** A 128-bit decimal from its unscaled value, as Arrow stores it: low word, then the sign. */
    static void putDecimal(BaseFixedWidthVector vector, int index, long unscaled) {
        long address = vector.getDataBufferAddress() + 16L * index;
        MemoryUtil.putLong(address, unscaled);
        MemoryUtil.putLong(address + 8, unscaled >> 63);
        markValid(vector.getValidityBufferAddress(), index);
    }

    static void putBoolean(BitVector vector, int index, boolean value) {
        if (value) {
            markValid(vector.getDataBufferAddress(), index);
        }
        markValid(vector.getValidityBufferAddress(), index);
    }

    /**
     * Appends {@code length} bytes as the value at {@code index}, after every value written so far.
     */
    static void putBytes(
            BaseVariableWidthVector vector, int index, byte[] source, int offset, int length) {
        int last = vector.getLastSet();
        long offsets = vector.getOffsetBufferAddress();
        int start = last < 0 ? 0 : MemoryUtil.getInt(offsets + 4L * (last + 1));
        for (int skipped = last + 2; skipped <= index; skipped++) {
            MemoryUtil.putInt(offsets + 4L * skipped, start);
        }
        long end = (long) start + length;
        if (end > vector.getDataBuffer().capacity()) {
            vector.reallocDataBuffer(end);
        }
        MemoryUtil.copyToMemory(source, offset, vector.getDataBufferAddress() + start, length);
        MemoryUtil.putInt(vector.getOffsetBufferAddress() + 4L * (index + 1), Math.toIntExact(end));
        markValid(vector.getValidityBufferAddress(), index);
        vector.setLastSet(index);
    }

    private static void markValid(long bits, int index) {
        long address = bits + (index >> 3);
        MemoryUtil.putByte(address, (byte) (MemoryUtil.getByte(address) | (1 << (index & 7))));
    }
}
