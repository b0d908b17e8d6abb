// Sequence::parse: the document's rules (docs/outreach.md, "Sequences"), each complaint naming
// the key's path.
#include "outreach/sequence/Sequence.hpp"

#include <Poco/String.h>

#include <array>
#include <stdexcept>

#include "domain/Email.hpp"
#include "domain/InputText.hpp"
#include "domain/JsonDocument.hpp"
#include "outreach/sequence/StepTemplates.hpp"

namespace lodestone::outreach {
namespace {

using domain::describeJsonValue;
using domain::MappingFields;
using namespace std::chrono_literals;

// The document nests three levels (steps[i].field); the bound keeps a hostile document from
// exhausting the parser. A null reads as left out: YAML writes `reply_to:` with nothing after it
// as null.
constexpr domain::DocumentOptions kDocument{16, domain::NullValue::Absent};

// A year: longer waits are a typo, and the bound keeps `at + delay` far from overflowing.
constexpr std::chrono::milliseconds kMaxWait = 365 * 24h;
constexpr std::array<const char*, 7> kDays{"mon", "tue", "wed", "thu", "fri", "sat", "sun"};

std::string quoted(const std::string& text) {
    return "\"" + domain::visibleText(text, 80) + "\"";
}

bool isBlank(const std::string& text) {
    return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

// A line break or control character: C0, DEL, C1 (U+0080-U+009F) and U+2028/U+2029, which
// mail clients also show as line breaks. Such a character in a header can forge another header.
bool hasControlCharacter(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        const auto third = i + 2 < text.size() ? static_cast<unsigned char>(text[i + 2]) : 0;
        if (byte < 0x20 || byte == 0x7f) return true;
        if (byte == 0xc2 && next >= 0x80 && next <= 0x9f) return true;
        if (byte == 0xe2 && next == 0x80 && (third == 0xa8 || third == 0xa9)) return true;
    }
    return false;
}

std::string address(const MappingFields& fields, const std::string& key) {
    const auto text = fields.text(key);
    if (!text) throw SequenceError(fields.pathOf(key), "is required");
    if (auto problem = domain::emailProblem(*text)) {
        throw SequenceError(fields.pathOf(key),
                            "is not a usable email address: " + quoted(*text) + " " + *problem);
    }
    return *text;
}

Sender readSender(const MappingFields& document) {
    document.require("from");
    const auto from = *document.mapping("from");
    from.allowOnly({"address", "name"});
    Sender sender;
    sender.address = address(from, "address");
    if (auto name = from.text("name")) {
        if (isBlank(*name)) {
            throw SequenceError(from.pathOf("name"),
                                "is blank; leave it out to send with the address alone");
        }
        if (hasControlCharacter(*name)) {
            const std::string problem = "must be one line without control characters, got ";
            throw SequenceError(from.pathOf("name"), problem + quoted(*name));
        }
        sender.name = *name;
    }
    return sender;
}

// "HH:MM" on the 24-hour clock as minutes since midnight; "24:00" only for an end.
int clockMinute(const MappingFields& fields, const std::string& key, bool isEnd) {
    const auto text = *fields.text(key);
    const auto digit = [&](std::size_t i) { return text[i] >= '0' && text[i] <= '9'; };
    if (text.size() == 5 && digit(0) && digit(1) && text[2] == ':' && digit(3) && digit(4)) {
        const int hours = (text[0] - '0') * 10 + (text[1] - '0');
        const int minutes = (text[3] - '0') * 10 + (text[4] - '0');
        if (minutes < 60 && (hours < 24 || (isEnd && hours == 24 && minutes == 0))) {
            return hours * 60 + minutes;
        }
    }
    const std::string expected =
        "expected a time HH:MM on the 24-hour clock such as 09:00 or 17:30";
    throw SequenceError(fields.pathOf(key),
                        expected + (isEnd ? " (or 24:00)" : "") + ", got " + quoted(text));
}

std::set<int> readDays(const Poco::JSON::Array::Ptr& list, const std::string& path) {
    if (list->size() == 0) {
        throw SequenceError(path,
                            "names no day; list at least one of mon, tue, wed, thu, fri, "
                            "sat, sun (or leave days out for every day)");
    }
    std::set<int> days;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string itemPath = path + "[" + std::to_string(i) + "]";
        const auto item = list->get(static_cast<unsigned>(i));
        const std::string name = item.isString() ? Poco::toLower(item.extract<std::string>()) : "";
        int day = 0;
        while (day < 7 && name != kDays[day]) ++day;
        if (day == 7) {
            throw SequenceError(itemPath,
                                "expected one of mon, tue, wed, thu, fri, sat, sun, got " +
                                    describeJsonValue(item));
        }
        if (!days.insert(day).second) {
            throw SequenceError(itemPath, std::string("repeats ") + kDays[day]);
        }
    }
    return days;
}

SendingWindow readWindow(const MappingFields& document) {
    SendingWindow window;  // every day, 00:00-24:00, UTC
    const auto fields = document.mapping("window");
    if (!fields) return window;
    fields->allowOnly({"days", "start", "end", "timezone"});
    if (auto days = fields->list("days")) window.days = readDays(*days, fields->pathOf("days"));
    if (fields->has("start")) window.startMinute = clockMinute(*fields, "start", false);
    if (fields->has("end")) window.endMinute = clockMinute(*fields, "end", true);
    if (window.startMinute >= window.endMinute) {
        throw SequenceError(
            fields->pathOf("end"),
            "must be later than window.start (" + fields->text("start").value_or("00:00") + ")");
    }
    if (auto zone = fields->text("timezone")) {
        try {
            window.timezone = TimeZone::load(*zone).name();
        } catch (const std::invalid_argument& e) {
            throw SequenceError(fields->pathOf("timezone"), e.what());
        }
    }
    return window;
}

std::string requiredTemplate(const MappingFields& step, const std::string& key) {
    const auto text = step.text(key);
    if (!text) throw SequenceError(step.pathOf(key), "is required");
    if (isBlank(*text)) throw SequenceError(step.pathOf(key), "is empty");
    return *text;
}

SequenceStep readStep(const MappingFields& fields, const std::string& path) {
    fields.allowOnly({"delay", "subject", "text", "html"});
    SequenceStep step;
    step.delay = fields.duration("delay", kMaxWait).value_or(0ms);
    step.subject = requiredTemplate(fields, "subject");
    if (step.subject.find_first_of("\r\n") != std::string::npos) {
        throw SequenceError(fields.pathOf("subject"),
                            "must be one line (a subject is one header line)");
    }
    step.text = requiredTemplate(fields, "text");
    if (auto html = fields.text("html")) {
        if (isBlank(*html)) {
            throw SequenceError(fields.pathOf("html"),
                                "is empty; leave it out for a plain-text email");
        }
        step.html = *html;
    }
    step.compiled = compileStep(step, path);
    return step;
}

std::vector<SequenceStep> readSteps(const MappingFields& document) {
    document.require("steps");
    const auto list = *document.list("steps");
    if (list->size() == 0) throw SequenceError("steps", "needs at least one step");
    if (list->size() > static_cast<std::size_t>(Sequence::kMaxSteps)) {
        throw SequenceError("steps", "has " + std::to_string(list->size()) + " steps; at most " +
                                         std::to_string(Sequence::kMaxSteps) + " are allowed");
    }
    std::vector<SequenceStep> steps;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = "steps[" + std::to_string(i) + "]";
        const auto fields = document.entry(list->get(static_cast<unsigned>(i)), path,
                                           "a mapping with subject and text");
        steps.push_back(readStep(fields, path));
    }
    return steps;
}

}  // namespace

Sequence Sequence::parse(const std::string& json) {
    try {
        const auto document = domain::readJsonDocument(json, kDocument);
        document.allowOnly({"from", "reply_to", "window", "daily_cap", "min_gap", "steps"});
        Sequence sequence;
        sequence.from = readSender(document);
        if (document.has("reply_to")) sequence.replyTo = address(document, "reply_to");
        sequence.window = readWindow(document);
        sequence.dailyCap = static_cast<int>(
            document.integer("daily_cap", 1, kMaxDailyCap).value_or(sequence.dailyCap));
        sequence.minGap = document.duration("min_gap", kMaxWait).value_or(0ms);
        sequence.steps = readSteps(document);
        return sequence;
    } catch (const domain::DocumentProblem& e) {
        throw SequenceError(e.path(), e.problem());
    }
}

}  // namespace lodestone::outreach
