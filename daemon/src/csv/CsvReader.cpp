#include "csv/CsvReader.hpp"

#include <algorithm>

namespace lodestone::csv {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

}  // namespace

Reader::Reader(std::istream& in, ReadLimits limits)
    : in_(in), limits_(limits), buffer_(kChunkBytes) {}

bool Reader::fill() {
    if (at_ < end_) return true;
    in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    end_ = static_cast<std::size_t>(in_.gcount());
    at_ = 0;
    bytesRead_ += static_cast<std::int64_t>(end_);
    return end_ > 0;
}

int Reader::peek() {
    if (!fill()) return -1;
    return static_cast<unsigned char>(buffer_[at_]);
}

int Reader::take() {
    int byte = peek();
    if (byte >= 0) ++at_;
    return byte;
}

void Reader::detectDelimiter() {
    // The byte order mark says UTF-8 and nothing more; it is no part of the first header.
    if (fill() && end_ - at_ >= 3 && buffer_[at_] == '\xEF' && buffer_[at_ + 1] == '\xBB' &&
        buffer_[at_ + 2] == '\xBF') {
        at_ += 3;
    }
    // The first line as far as the first chunk holds it: a header longer than that is already
    // past every limit a list of leads needs.
    std::size_t commas = 0;
    std::size_t semicolons = 0;
    bool quoted = false;
    for (std::size_t i = at_; i < end_; ++i) {
        const char byte = buffer_[i];
        if (byte == '"') quoted = !quoted;
        if (quoted) continue;
        if (byte == '\n' || byte == '\r') break;
        if (byte == ',') ++commas;
        if (byte == ';') ++semicolons;
    }
    delimiter_ = semicolons > commas ? ';' : ',';
}

void Reader::flaw(Record& record, std::string problem) {
    if (record.problem) return;  // the first is the one worth fixing
    record.problem = std::move(problem);
    record.problemField = record.fields.size();
}

void Reader::endField(Record& record, std::string& field, bool& fieldTooLong) {
    if (fieldTooLong) {
        flaw(record, "is longer than " + std::to_string(limits_.maxFieldBytes) + " bytes");
    }
    fieldTooLong = false;
    if (record.fields.size() < limits_.maxFields) {
        record.fields.push_back(std::move(field));
    } else if (!record.problem || record.problemField != limits_.maxFields) {
        record.problem = "has more than " + std::to_string(limits_.maxFields) + " fields";
        record.problemField = std::nullopt;
    }
    field.clear();
}

bool Reader::next(Record& record) {
    if (!started_) {
        detectDelimiter();
        started_ = true;
    }
    while (true) {
        record.fields.clear();
        record.problem.reset();
        record.problemField.reset();
        record.line = line_;
        if (peek() < 0) return false;

        std::string field;
        bool fieldTooLong = false;
        auto append = [&](char byte) {
            if (field.size() < limits_.maxFieldBytes) {
                field.push_back(byte);
            } else {
                fieldTooLong = true;
            }
        };
        // One record: fields until a line end outside quotes, or the end of the input.
        bool lineEnded = false;
        bool anything = false;  // a blank line is no record
        while (!lineEnded) {
            int byte = take();
            if (byte < 0) break;
            if (byte == '"' && field.empty() && !fieldTooLong) {
                // A quoted field: up to the quote that is not doubled.
                anything = true;
                const std::int64_t opened = line_;
                bool closed = false;
                while ((byte = take()) >= 0) {
                    if (byte == '"') {
                        if (peek() == '"') {
                            take();
                            append('"');
                            continue;
                        }
                        closed = true;
                        break;
                    }
                    if (byte == '\n' || (byte == '\r' && peek() != '\n')) ++line_;
                    append(static_cast<char>(byte));
                }
                if (!closed) {
                    flaw(record, "has a quoted field opened on line " + std::to_string(opened) +
                                     " that is never closed");
                    break;
                }
                // After the closing quote: a delimiter, a line end or the end, nothing else.
                int after = peek();
                if (after >= 0 && after != delimiter_ && after != '\n' && after != '\r') {
                    flaw(record, "has text after the closing quote of a field");
                }
                continue;
            }
            if (byte == delimiter_) {
                anything = true;
                endField(record, field, fieldTooLong);
                continue;
            }
            if (byte == '\r' || byte == '\n') {
                if (byte == '\r' && peek() == '\n') take();
                ++line_;
                lineEnded = true;
                continue;
            }
            if (byte == '"') {
                flaw(record,
                     "has a double quote inside a field that is not quoted (quote the field and "
                     "double the quote)");
            }
            anything = true;
            append(static_cast<char>(byte));
        }
        if (!anything) {
            if (peek() < 0 && !lineEnded) return false;
            continue;  // a blank line
        }
        endField(record, field, fieldTooLong);
        return true;
    }
}

}  // namespace lodestone::csv
