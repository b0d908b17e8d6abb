// libFuzzer target: readMailboxMessage() on any bytes, as a mailbox may hold them. An exception,
// a crash, a sanitizer report, a timeout or a broken invariant below is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "domain/Utf8Text.hpp"
#include "outreach/mailbox/MailboxFinding.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string raw(reinterpret_cast<const char*>(data), size);
    const lodestone::outreach::MailboxFinding finding =
        lodestone::outreach::readMailboxMessage(raw);
    // The summary goes into a prospect's history as one line of text.
    const std::string& summary = finding.summary;
    if (summary.empty() || summary.size() > 303) std::abort();
    if (lodestone::domain::firstInvalidUtf8(summary) != lodestone::domain::kNoInvalidUtf8) {
        std::abort();
    }
    for (unsigned char c : summary) {
        if (c < 0x20 || c == 0x7F) std::abort();
    }
    for (const std::string& id : finding.messageIds) {
        if (id.size() < 3 || id.front() != '<' || id.back() != '>') std::abort();
    }
    return 0;
}
