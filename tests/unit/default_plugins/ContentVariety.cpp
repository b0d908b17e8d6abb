#include "unit/default_plugins/ContentVariety.hpp"

#include <Poco/JSON/Array.h>

#include <cmath>
#include <sstream>

namespace lodestone::plugins::testing {
namespace {

std::string lowerAscii(std::string text) {
    for (auto& c : text) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return text;
}

std::string collapsed(const std::string& text) {
    std::string result;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !result.empty();
            continue;
        }
        if (space) result += ' ';
        result += c;
        space = false;
    }
    return result;
}

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
        text.replace(at, from.size(), to);
    }
}

std::string grouped(long long value) {
    std::string digits = std::to_string(value);
    std::string result;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) result += ',';
        result += digits[i];
    }
    return result;
}

// A value as the fact it is: a list's items, or the text itself.
std::vector<std::string> factOf(const Poco::Dynamic::Var& value) {
    if (value.type() == typeid(Poco::JSON::Array::Ptr)) {
        std::vector<std::string> items;
        const auto array = value.extract<Poco::JSON::Array::Ptr>();
        for (std::size_t i = 0; i < array->size(); ++i) {
            items.push_back(array->get(static_cast<unsigned>(i)).convert<std::string>());
        }
        return items;
    }
    if (value.isNumeric()) return {value.convert<std::string>()};
    std::string text = value.convert<std::string>();
    if (text.find(", ") == std::string::npos) return {text};
    std::vector<std::string> items;
    replaceAll(text, " and ", ", ");
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        item = collapsed(item);
        if (!item.empty()) items.push_back(item);
    }
    return items;
}

Poco::JSON::Object::Ptr objectAt(const Poco::JSON::Object::Ptr& parent, const char* key) {
    if (!parent || !parent->has(key) || parent->get(key).type() != typeid(Poco::JSON::Object::Ptr))
        return nullptr;
    return parent->getObject(key);
}

}  // namespace

std::string visibleText(const std::string& html) {
    const auto start = html.find("<body");
    const auto end = html.find("</body>");
    std::string body = html.substr(start == std::string::npos ? 0 : start,
                                   end == std::string::npos ? std::string::npos : end - start);
    std::string text;
    bool inTag = false;
    for (char c : body) {
        if (c == '<') {
            inTag = true;
            text += ' ';
        } else if (c == '>') {
            inTag = false;
        } else if (!inTag) {
            text += c;
        }
    }
    for (const auto& [entity, character] :
         std::vector<std::pair<std::string, std::string>>{{"&lt;", "<"},
                                                          {"&gt;", ">"},
                                                          {"&quot;", "\""},
                                                          {"&apos;", "'"},
                                                          {"&#39;", "'"},
                                                          {"&middot;", "·"},
                                                          {"&amp;", "&"}}) {
        replaceAll(text, entity, character);
    }
    replaceAll(text, "\u2068", "");
    replaceAll(text, "\u2069", "");
    return collapsed(text);
}

std::vector<std::string> wordsOf(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : lowerAscii(text)) {
        const auto byte = static_cast<unsigned char>(c);
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || byte >= 0x80) {
            word += c;
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

std::set<std::string> shinglesOf(const std::string& text, std::size_t size) {
    const auto words = wordsOf(text);
    std::set<std::string> shingles;
    if (words.size() < size) {
        std::string all;
        for (const auto& word : words) all += word + " ";
        if (!all.empty()) shingles.insert(all);
        return shingles;
    }
    for (std::size_t i = 0; i + size <= words.size(); ++i) {
        std::string shingle;
        for (std::size_t j = 0; j < size; ++j) shingle += words[i + j] + " ";
        shingles.insert(shingle);
    }
    return shingles;
}

double jaccard(const std::set<std::string>& a, const std::set<std::string>& b) {
    if (a.empty() && b.empty()) return 1.0;
    std::size_t common = 0;
    for (const auto& item : a) common += b.count(item);
    return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

std::vector<std::string> sectionTexts(const Poco::JSON::Object::Ptr& document) {
    std::vector<std::string> texts;
    const auto sections = document->getArray("sections");
    for (std::size_t i = 0; sections && i < sections->size(); ++i) {
        const auto section = sections->getObject(static_cast<unsigned>(i));
        texts.push_back(section->getValue<std::string>("heading") + "\n" +
                        section->getValue<std::string>("body"));
    }
    return texts;
}

double sharedFraction(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::vector<std::set<std::string>> left;
    std::vector<std::set<std::string>> right;
    for (const auto& text : a) left.push_back(shinglesOf(text));
    for (const auto& text : b) right.push_back(shinglesOf(text));
    const auto sharedOf = [](const auto& these, const auto& those) {
        std::size_t shared = 0;
        for (const auto& one : these) {
            for (const auto& other : those) {
                if (jaccard(one, other) > 0.8) {
                    ++shared;
                    break;
                }
            }
        }
        return shared;
    };
    const std::size_t total = left.size() + right.size();
    if (total == 0) return 0;
    return static_cast<double>(sharedOf(left, right) + sharedOf(right, left)) /
           static_cast<double>(total);
}

std::vector<std::string> paragraphsOf(const Poco::JSON::Object::Ptr& document) {
    std::vector<std::string> paragraphs;
    const auto sections = document->getArray("sections");
    for (std::size_t i = 0; sections && i < sections->size(); ++i) {
        std::string body =
            sections->getObject(static_cast<unsigned>(i))->getValue<std::string>("body");
        std::size_t start = 0;
        while (start <= body.size()) {
            std::size_t end = body.find("\n\n", start);
            if (end == std::string::npos) end = body.size();
            std::string words;
            for (const auto& word : wordsOf(body.substr(start, end - start))) words += word + " ";
            if (!words.empty()) paragraphs.push_back(words);
            start = end + 2;
        }
    }
    return paragraphs;
}

std::vector<std::vector<std::string>> customFieldFacts(const Poco::JSON::Object::Ptr& prospect) {
    std::vector<std::vector<std::string>> facts;
    const auto custom = objectAt(objectAt(prospect, "lead"), "customFields");
    for (const auto& key : custom ? custom->getNames() : std::vector<std::string>{}) {
        facts.push_back(factOf(custom->get(key)));
    }
    return facts;
}

std::vector<std::vector<std::string>> prospectFacts(const Poco::JSON::Object::Ptr& prospect) {
    const auto lead = objectAt(prospect, "lead");
    std::vector<std::vector<std::string>> facts;
    for (const char* key : {"company", "title", "companySize"}) {
        if (lead->has(key)) facts.push_back({lead->getValue<std::string>(key)});
    }
    for (auto& fact : customFieldFacts(prospect)) facts.push_back(fact);
    const auto research = objectAt(prospect, "research");
    const auto company = objectAt(objectAt(research, "profile"), "company");
    if (company) {
        if (company->has("technologies")) {
            for (const auto& item : factOf(company->get("technologies"))) facts.push_back({item});
        }
        if (company->has("employeeCount")) facts.push_back(factOf(company->get("employeeCount")));
        if (company->has("country")) facts.push_back({company->getValue<std::string>("country")});
    }
    if (const auto findings = research ? research->getArray("findings") : nullptr) {
        for (std::size_t i = 0; i < findings->size(); ++i) {
            facts.push_back(
                {findings->getObject(static_cast<unsigned>(i))->getValue<std::string>("text")});
        }
    }
    return facts;
}

bool states(const std::string& text, const std::vector<std::string>& fact) {
    const std::string page = lowerAscii(text);
    for (const auto& item : fact) {
        const std::string wanted = lowerAscii(collapsed(item));
        bool found = page.find(wanted) != std::string::npos;
        // A number also counts written with thousands separators.
        if (!found && !wanted.empty() &&
            wanted.find_first_not_of("0123456789") == std::string::npos && wanted.size() < 16) {
            found = page.find(grouped(std::stoll(wanted))) != std::string::npos;
        }
        if (!found) return false;
    }
    return !fact.empty();
}

}  // namespace lodestone::plugins::testing
