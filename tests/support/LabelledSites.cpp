#include "support/LabelledSites.hpp"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/String.h>
#include <Poco/URI.h>

#include <fstream>
#include <sstream>

namespace lodestone::test {
namespace {

namespace fs = std::filesystem;

class FileHandler : public Poco::Net::HTTPRequestHandler {
  public:
    explicit FileHandler(const fs::path& root) : root_(root) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        std::string host = Poco::toLower(request.getHost());
        host = host.substr(0, host.find(':'));
        if (host.starts_with("www.")) host = host.substr(4);
        const std::string path = Poco::URI(request.getURI()).getPath();
        std::string file;
        if (path == "/" || path.empty()) file = "index.html";
        if (path == "/about" || path == "/about/") file = "about.html";
        const fs::path at = root_ / host / file;
        std::error_code error;
        if (file.empty() || host.find("..") != std::string::npos ||
            host.find('/') != std::string::npos || !fs::is_regular_file(at, error)) {
            response.setStatus(Poco::Net::HTTPResponse::HTTP_NOT_FOUND);
            response.setContentType("text/html; charset=utf-8");
            response.sendBuffer("<html><body>Not found</body></html>", 35);
            return;
        }
        std::ifstream in(at, std::ios::binary);
        std::ostringstream body;
        body << in.rdbuf();
        const std::string text = body.str();
        response.setContentType("text/html; charset=utf-8");
        response.sendBuffer(text.data(), text.size());
    }

  private:
    const fs::path& root_;
};

class FileFactory : public Poco::Net::HTTPRequestHandlerFactory {
  public:
    explicit FileFactory(const fs::path& root) : root_(root) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(
        const Poco::Net::HTTPServerRequest&) override {
        return new FileHandler(root_);
    }

  private:
    const fs::path& root_;
};

}  // namespace

LabelledSites::LabelledSites(fs::path root)
    : root_(std::move(root)), server_(new FileFactory(root_), 16) {}

std::string LabelledSites::resolveYaml(const std::set<std::string>& hosts) const {
    std::string yaml;
    for (const auto& host : hosts) {
        for (const std::string& name : {host, "www." + host}) {
            yaml += (yaml.empty() ? "{" : ", ") + name + ": \"" + address() + "\"";
        }
    }
    return yaml.empty() ? "{}" : yaml + "}";
}

std::set<std::string> LabelledSites::hosts() const {
    std::set<std::string> found;
    for (const auto& entry : fs::directory_iterator(root_)) {
        if (entry.is_directory()) found.insert(entry.path().filename().string());
    }
    return found;
}

}  // namespace lodestone::test
