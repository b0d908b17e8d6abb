#include "storage/Migration.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "embedded/migrationFiles.hpp"

namespace lodestone::storage {
namespace {

constexpr std::string_view kBlanks = " \t\r\n";

bool isWordStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool isWordPart(char c) {
    return isWordStart(c) || std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '$';
}

// The offset just past `end`, looked for from `from`.
std::size_t past(std::string_view sql, std::string_view end, std::size_t from) {
    const std::size_t found = sql.find(end, from);
    if (found == std::string_view::npos) {
        throw std::invalid_argument("a " + std::string(end) + " is never closed");
    }
    return found + end.size();
}

// The tag of a dollar quote starting at `at` ("$$", "$body$"), or nothing.
std::string_view dollarTagAt(std::string_view sql, std::size_t at) {
    std::size_t end = at + 1;
    if (end < sql.size() && isWordStart(sql[end])) {
        while (end < sql.size() && isWordPart(sql[end]) && sql[end] != '$') ++end;
    }
    if (end >= sql.size() || sql[end] != '$') return {};
    return sql.substr(at, end - at + 1);
}

std::string_view trailingBlanksCut(std::string_view text) {
    return text.substr(0, text.find_last_not_of(kBlanks) + 1);
}

std::string_view fileNameOf(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The folder a file is in under migrations/: a driver's name, or empty for a shared one.
std::string_view folderOf(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

int versionOf(std::string_view name) {
    const std::size_t dash = name.find('-');
    const bool numbered =
        dash != std::string_view::npos && dash > 0 && dash <= 6 &&
        std::all_of(name.begin(), name.begin() + dash, [](char c) { return c >= '0' && c <= '9'; });
    if (!numbered || !name.ends_with(".sql")) {
        throw std::invalid_argument(
            "name it <number>-<what it does>.sql, e.g. 0016-meeting-notes.sql");
    }
    return std::stoi(std::string(name.substr(0, dash)));
}

// The comment lines that open the file, joined by spaces.
std::string descriptionOf(std::string_view text) {
    std::string description;
    while (text.starts_with("--")) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string line = Poco::trim(std::string(text.substr(2, end - 2)));
        if (!line.empty()) description += (description.empty() ? "" : " ") + line;
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    if (description.empty()) {
        throw std::invalid_argument("open the file with a -- comment saying what it changes");
    }
    return description;
}

}  // namespace

std::vector<std::string> splitStatements(std::string_view sql) {
    std::vector<std::string> statements;
    std::size_t start = std::string_view::npos;  // where the statement being read begins
    int blocks = 0;                              // BEGIN and CASE not yet closed by END
    std::size_t at = 0;
    while (at < sql.size()) {
        const char c = sql[at];
        const std::string_view two = sql.substr(at, 2);
        if (two == "--") {
            at = std::min(sql.find('\n', at), sql.size());
            continue;
        }
        if (two == "/*") {
            at = past(sql, "*/", at + 2);
            continue;
        }
        if (kBlanks.find(c) != std::string_view::npos) {
            ++at;
            continue;
        }
        if (start == std::string_view::npos) start = at;
        if (c == '\'' || c == '"') {
            at = past(sql, std::string_view(&sql[at], 1), at + 1);  // '' reads as two strings
        } else if (std::string_view tag = c == '$' ? dollarTagAt(sql, at) : ""; !tag.empty()) {
            at = past(sql, tag, at + tag.size());
        } else if (isWordStart(c)) {
            std::size_t end = at;
            while (end < sql.size() && isWordPart(sql[end])) ++end;
            const std::string word = Poco::toUpper(std::string(sql.substr(at, end - at)));
            if (word == "BEGIN" || word == "CASE") ++blocks;
            if (word == "END" && blocks > 0) --blocks;
            at = end;
        } else if (c == ';' && blocks == 0) {
            statements.emplace_back(trailingBlanksCut(sql.substr(start, at - start)));
            start = std::string_view::npos;
            ++at;
        } else {
            ++at;
        }
    }
    if (start != std::string_view::npos) {
        statements.emplace_back(trailingBlanksCut(sql.substr(start)));
    }
    return statements;
}

Migration readMigration(std::string_view path, std::string_view text) {
    try {
        Migration migration{versionOf(fileNameOf(path)), descriptionOf(text),
                            splitStatements(text)};
        if (migration.statements.empty()) throw std::invalid_argument("it holds no statement");
        return migration;
    } catch (const std::invalid_argument& e) {
        throw std::logic_error("migration " + std::string(path) + ": " + e.what());
    }
}

std::vector<Migration> migrationsOf(std::string_view driver) {
    std::vector<Migration> migrations;
    for (const auto& file : migrationFiles()) {
        const std::string_view folder = folderOf(file.path);
        if (folder.empty() || folder == driver) {
            migrations.push_back(readMigration(file.path, file.text));
        }
    }
    std::sort(migrations.begin(), migrations.end(),
              [](const Migration& a, const Migration& b) { return a.version < b.version; });
    for (std::size_t i = 1; i < migrations.size(); ++i) {
        if (migrations[i].version != migrations[i - 1].version + 1) {
            throw std::logic_error(std::string(driver) + " migration " +
                                   std::to_string(migrations[i].version) + " follows " +
                                   std::to_string(migrations[i - 1].version) +
                                   ": number each file one past the last");
        }
    }
    if (migrations.empty()) throw std::logic_error("no migrations for " + std::string(driver));
    return migrations;
}

}  // namespace lodestone::storage
