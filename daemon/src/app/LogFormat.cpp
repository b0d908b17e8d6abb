#include "app/LogFormat.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/Message.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "domain/JsonWriter.hpp"
#include "domain/RequestId.hpp"

namespace lodestone::app {
namespace {

// The parameters structured messages carry, in the order they are laid out.
constexpr std::array kFields = {"method",      "path",   "status", "bytes",
                                "duration_ms", "client", "count"};

const char* levelName(Poco::Message::Priority priority) {
    switch (priority) {
        case Poco::Message::PRIO_FATAL:
            return "fatal";
        case Poco::Message::PRIO_CRITICAL:
            return "critical";
        case Poco::Message::PRIO_ERROR:
            return "error";
        case Poco::Message::PRIO_WARNING:
            return "warning";
        case Poco::Message::PRIO_NOTICE:
            return "notice";
        case Poco::Message::PRIO_INFORMATION:
            return "info";
        case Poco::Message::PRIO_DEBUG:
            return "debug";
        case Poco::Message::PRIO_TRACE:
            return "trace";
    }
    return "info";
}

// syslog(3)'s numbers: emerg 0 … debug 7. Nothing here is a system-wide emergency.
int syslogPriority(Poco::Message::Priority priority) {
    return priority <= Poco::Message::PRIO_CRITICAL ? 2 : std::min<int>(priority, 7);
}

// key=value text: quotes, backslashes and control characters escaped (JSON lines are written by
// domain::JsonWriter).
void appendEscaped(std::string& out, const std::string& value) {
    for (unsigned char c : value) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    char code[8];
                    std::snprintf(code, sizeof code, "\\x%02x", c);
                    out += code;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
}

// `first`: whether this is the line's first field (no separator before it).
void appendField(std::string& out, bool& first, const char* key, const std::string& value) {
    if (!first) out += ' ';
    first = false;
    out += key;
    out += '=';
    const bool quote = value.empty() || value.find_first_of(" \"=\\\t\r\n") != std::string::npos;
    if (quote) out += '"';
    appendEscaped(out, value);
    if (quote) out += '"';
}

}  // namespace

void LogLineFormatter::format(const Poco::Message& message, std::string& text) {
    if (journalPriorities_)
        text += "<" + std::to_string(syslogPriority(message.getPriority())) + ">";
    const bool json = format_ == config::LoggingConfig::Format::Json;
    domain::JsonWriter object;
    if (json) object.beginObject();
    bool first = true;
    auto field = [&](const char* key, const std::string& value) {
        if (json) {
            object.member(key, value);
        } else {
            appendField(text, first, key, value);
        }
    };
    field("ts", Poco::DateTimeFormatter::format(message.getTime(), "%Y-%m-%dT%H:%M:%S.%iZ"));
    field("level", levelName(message.getPriority()));
    field("logger", message.getSource());
    field("msg", message.getText());
    for (const char* name : kFields) {
        if (message.has(name)) field(name, message.get(name));
    }
    if (const auto& id = domain::currentRequestId(); !id.empty()) field("request_id", id);
    if (json) text += object.endObject().text();
}

bool stderrIsJournal() {
    const char* stream = std::getenv("JOURNAL_STREAM");
    if (!stream || !*stream) return false;
    unsigned long long device = 0, inode = 0;
    if (std::sscanf(stream, "%llu:%llu", &device, &inode) != 2) return false;
    struct stat status {};
    if (::fstat(STDERR_FILENO, &status) != 0) return false;
    return static_cast<unsigned long long>(status.st_dev) == device &&
           static_cast<unsigned long long>(status.st_ino) == inode;
}

}  // namespace lodestone::app
