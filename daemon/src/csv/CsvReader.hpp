#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace lodestone::csv {

// What one record may hold: past these the record is read to its end but marked, so that a
// field of 10 MB or a row of 5,000 cells costs no more memory than the limits.
struct ReadLimits {
    std::size_t maxFieldBytes = 64 * 1024;
    std::size_t maxFields = 500;
};

// One record of the file.
struct Record {
    std::int64_t line = 0;  // the line it starts on, counting from 1 as an editor does
    std::vector<std::string> fields;
    // Set when the record is malformed (an unclosed quote, a field past the limit): why, in
    // words that read after "line N: ", and the field it concerns (its index), when one does.
    std::optional<std::string> problem;
    std::optional<std::size_t> problemField;
};

// Reads CSV as RFC 4180 writes it, as it arrives: UTF-8 with or without a byte order mark, comma
// or semicolon between fields (whichever the first line has more of outside quotes), quoted
// fields holding delimiters, doubled quotes and line breaks, and CRLF, LF or CR line ends.
// Lines with nothing on them are skipped. Bytes are passed on as they are: whether they are
// UTF-8 is the caller's to check, field by field.
class Reader {
  public:
    Reader(std::istream& in, ReadLimits limits);

    // The next record; false once the input is used up.
    bool next(Record& record);
    char delimiter() const { return delimiter_; }
    // Bytes taken from the input so far.
    std::int64_t bytesRead() const { return bytesRead_; }

  private:
    bool fill();  // more input into buffer_; false at its end
    int peek();   // the next byte, or -1 at the end
    int take();
    void detectDelimiter();
    void endField(Record& record, std::string& field, bool& fieldTooLong);
    void flaw(Record& record, std::string problem);

    std::istream& in_;
    ReadLimits limits_;
    std::vector<char> buffer_;
    std::size_t at_ = 0;
    std::size_t end_ = 0;
    bool started_ = false;
    char delimiter_ = ',';
    std::int64_t line_ = 1;
    std::int64_t bytesRead_ = 0;
};

}  // namespace lodestone::csv
