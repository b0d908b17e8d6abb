#include "support/SmtpSink.hpp"

#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace lodestone::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string script(const char* name) {
    return std::string(LODESTONE_SOURCE_DIR) + "/tests/support/" + name;
}

std::vector<std::string> arguments(const SmtpSinkOptions& options, const fs::path& directory) {
    std::vector<std::string> args{script("smtp_sink.py"), "--dir", directory.string(), "--port",
                                  std::to_string(options.port)};
    for (const auto& regex : options.failRcpt) args.insert(args.end(), {"--fail-rcpt", regex});
    for (const auto& [regex, count] : options.tempfailRcpt) {
        args.insert(args.end(), {"--tempfail-rcpt", regex + ":" + std::to_string(count)});
    }
    for (const auto& regex : options.failData) args.insert(args.end(), {"--fail-data", regex});
    if (options.starttls) {
        args.insert(args.end(), {"--starttls", options.starttls->first.string(),
                                 options.starttls->second.string()});
    }
    if (options.requireTls) args.emplace_back("--require-tls");
    if (options.implicitTls) {
        args.insert(args.end(), {"--implicit-tls", options.implicitTls->first.string(),
                                 options.implicitTls->second.string()});
    }
    if (options.auth) args.insert(args.end(), {"--auth", *options.auth});
    if (!options.authMechanisms.empty()) {
        args.insert(args.end(), {"--auth-mechanisms", options.authMechanisms});
    }
    if (options.delayDataSeconds > 0) {
        args.insert(args.end(), {"--delay-data", std::to_string(options.delayDataSeconds)});
    }
    return args;
}

// The .eml files in sequence order (their names are zero-padded numbers).
std::vector<fs::path> messageFiles(const fs::path& directory) {
    std::vector<fs::path> files;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(directory, error)) {
        const auto& path = entry.path();
        if (path.extension() == ".eml" && path.filename().string().front() != '.') {
            files.push_back(path);
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

std::string ReceivedMessage::header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
}

Poco::JSON::Object::Ptr ReceivedMessage::decoded() const {
    auto result = runToCompletion(kSystemPython, {script("mime_decode.py"), file.string()},
                                  std::chrono::seconds(30));
    if (result.status.code != 0) {
        throw std::runtime_error("mime_decode.py failed on " + file.string() + ": " +
                                 result.errors);
    }
    return Poco::JSON::Parser().parse(result.output).extract<Poco::JSON::Object::Ptr>();
}

void parseMessageInto(const std::string& raw, ReceivedMessage& message) {
    message.raw = raw;
    std::size_t end = raw.find("\r\n\r\n");
    const std::string head = raw.substr(0, end == std::string::npos ? raw.size() : end + 2);
    message.body = end == std::string::npos ? "" : raw.substr(end + 4);
    std::string name, value;
    auto flush = [&] {
        if (!name.empty()) message.headers.emplace(name, value);
        name.clear();
        value.clear();
    };
    std::size_t start = 0;
    while (start < head.size()) {
        std::size_t lineEnd = head.find("\r\n", start);
        if (lineEnd == std::string::npos) lineEnd = head.size();
        const std::string line = head.substr(start, lineEnd - start);
        start = lineEnd + 2;
        if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) {
            value += line;  // unfolding removes the CRLF only (RFC 5322 section 2.2.3)
            continue;
        }
        flush();
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        name = line.substr(0, colon);
        value = line.substr(colon + 1);
        const std::size_t first = value.find_first_not_of(" \t");
        value = first == std::string::npos ? "" : value.substr(first);
    }
    flush();
}

SmtpSink::SmtpSink(SmtpSinkOptions options)
    : dir_(options.parent.empty() ? fs::temp_directory_path() : options.parent),
      directory_(dir_ / "messages") {
    process_ = std::make_unique<ChildProcess>(kSystemPython, arguments(options, directory_));
    const bool up = eventually(
        [&] { return process_->output().find('\n') != std::string::npos || !process_->running(); },
        std::chrono::seconds(30));
    const std::string output = process_->output();
    if (!up || output.rfind("PORT ", 0) != 0) {
        throw std::runtime_error("smtp_sink.py did not start: " + output + process_->errors());
    }
    port_ = static_cast<std::uint16_t>(std::stoi(output.substr(5)));
}

SmtpSink::~SmtpSink() {
    if (!process_->running()) return;
    process_->signal(SIGTERM);
    if (!process_->wait(std::chrono::seconds(10))) process_->signal(SIGKILL);
}

bool SmtpSink::waitForMessages(std::size_t count, std::chrono::milliseconds timeout) const {
    return eventually([&] { return messageCount() >= count; }, timeout);
}

std::size_t SmtpSink::messageCount() const {
    return messageFiles(directory_).size();
}

std::size_t SmtpSink::dataReceived() const {
    const std::string output = process_->output();
    std::size_t count = 0;
    for (std::size_t at = output.find("\nDATA "); at != std::string::npos;
         at = output.find("\nDATA ", at + 1)) {
        ++count;
    }
    return count;
}

std::vector<ReceivedMessage> SmtpSink::messages() const {
    std::vector<ReceivedMessage> result;
    for (const auto& file : messageFiles(directory_)) {
        ReceivedMessage message;
        message.file = file;
        parseMessageInto(readFile(file), message);
        auto envelope = Poco::JSON::Parser()
                            .parse(readFile(fs::path(file).replace_extension(".json")))
                            .extract<Poco::JSON::Object::Ptr>();
        message.mailFrom = envelope->getValue<std::string>("mailFrom");
        auto rcptTos = envelope->getArray("rcptTos");
        for (std::size_t i = 0; i < rcptTos->size(); ++i) {
            message.rcptTos.push_back(rcptTos->getElement<std::string>(static_cast<unsigned>(i)));
        }
        message.peer = envelope->getValue<std::string>("peer");
        message.tls = envelope->getValue<bool>("tls");
        if (!envelope->isNull("authUser")) {
            message.authUser = envelope->getValue<std::string>("authUser");
        }
        result.push_back(std::move(message));
    }
    return result;
}

}  // namespace lodestone::test
