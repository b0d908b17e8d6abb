#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::storage::sqlite {

// A statement's result columns by name. The repositories read every column of every row by name,
// so a walk comparing each name made the lookups over a quarter of reading a job; a small
// open-addressing table, filled once when the statement is compiled, finds most names at the first
// slot.
class ColumnIndex {
  public:
    ColumnIndex() : ColumnIndex(std::vector<std::string>()) {}
    explicit ColumnIndex(std::vector<std::string> names) : names_(std::move(names)) {
        std::size_t size = 1;
        while (size < 2 * names_.size()) size *= 2;  // always a free slot to end a probe
        slots_.assign(size, kFree);
        for (std::size_t column = 0; column < names_.size(); ++column) {
            std::size_t slot = first(names_[column]);
            while (slots_[slot] != kFree &&
                   names_[static_cast<std::size_t>(slots_[slot])] != names_[column]) {
                slot = (slot + 1) & (size - 1);
            }
            // A name twice in one result (a join) stands for its first column.
            if (slots_[slot] == kFree) slots_[slot] = static_cast<std::int32_t>(column);
        }
    }

    // The column's index, or -1 when the result has none of that name.
    int find(std::string_view name) const {
        for (std::size_t slot = first(name);; slot = (slot + 1) & (slots_.size() - 1)) {
            const std::int32_t column = slots_[slot];
            if (column == kFree || names_[static_cast<std::size_t>(column)] == name) return column;
        }
    }

  private:
    static constexpr std::int32_t kFree = -1;

    // From the length and three characters: the columns of one result seldom share all four.
    std::size_t first(std::string_view name) const {
        std::uint32_t hash = static_cast<std::uint32_t>(name.size()) * 0x9E3779B1u;
        if (!name.empty()) {
            hash ^= static_cast<unsigned char>(name.front()) * 0x85EBCA77u;
            hash ^= static_cast<unsigned char>(name[name.size() / 2]) * 0xC2B2AE3Du;
            hash ^= static_cast<unsigned char>(name.back()) * 0x27D4EB2Fu;
        }
        return (hash ^ (hash >> 15)) & (slots_.size() - 1);
    }

    std::vector<std::string> names_;  // by index
    std::vector<std::int32_t> slots_;
};

}  // namespace lodestone::storage::sqlite
