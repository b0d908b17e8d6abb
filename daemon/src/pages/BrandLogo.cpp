#include "pages/BrandLogo.hpp"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <filesystem>
#include <fstream>

#include "pages/PageRenderer.hpp"
#include "pages/PageResponse.hpp"
#include "pages/PageSettings.hpp"
#include "storage/ProjectRepository.hpp"

namespace lodestone::pages {
namespace {

// The image type from the file's first bytes, never from its name: a renamed file is refused.
std::string contentTypeOf(const std::string& head) {
    if (head.starts_with("\x89PNG\r\n\x1A\n")) return "image/png";
    if (head.starts_with("\xFF\xD8\xFF")) return "image/jpeg";
    if (head.starts_with("GIF87a") || head.starts_with("GIF89a")) return "image/gif";
    if (head.size() >= 12 && head.starts_with("RIFF") && head.substr(8, 4) == "WEBP") {
        return "image/webp";
    }
    return "";
}

}  // namespace

std::variant<LogoImage, std::string> readLogo(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty() || path.front() != '/') return std::string("is not an absolute path");
    std::error_code error;
    const auto status = fs::status(path, error);
    if (error || !fs::exists(status)) return std::string("does not exist");
    if (!fs::is_regular_file(status)) return std::string("is not a regular file");
    const auto size = fs::file_size(path, error);
    if (error) return std::string("cannot be read: " + error.message());
    if (size > kMaxLogoBytes) {
        return "is " + std::to_string(size) + " bytes; a logo may be at most " +
               std::to_string(kMaxLogoBytes) + " bytes";
    }
    std::ifstream file(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(file)), {});
    if (!file && !file.eof()) return std::string("cannot be read");
    LogoImage image{std::move(bytes), ""};
    image.contentType = contentTypeOf(image.bytes.substr(0, 16));
    if (image.contentType.empty()) return std::string("is not a PNG, JPEG, WebP or GIF image");
    return image;
}

std::string logoPathOf(const std::string& projectId) {
    return "/assets/" + projectId + "/logo";
}

void BrandLogoHandler::handleRequest(Poco::Net::HTTPServerRequest& request,
                                     Poco::Net::HTTPServerResponse& response) {
    std::optional<LogoImage> logo;
    try {
        auto project = store_.read([&](storage::Repositories& repositories) {
            return repositories.projects().find(projectId_);
        });
        const std::string path = project ? pageSettingsOf(*project).brand.logoPath : "";
        if (!path.empty()) {
            auto read = readLogo(path);
            if (auto* image = std::get_if<LogoImage>(&read)) {
                logo = std::move(*image);
            } else {
                Poco::Logger::get("lodestone.pages")
                    .warning("logo of project %s: %s %s", projectId_, path,
                             std::get<std::string>(read));
            }
        }
    } catch (const std::exception& e) {
        Poco::Logger::get("lodestone.pages").error("logo: %s", std::string(e.what()));
        response.set("Retry-After", "5");
        sendPage(request, response, {503, renderFailed()});
        return;
    }
    if (!logo) {
        sendPage(request, response, {404, renderNotFound()});
        return;
    }
    response.setStatus(Poco::Net::HTTPResponse::HTTP_OK);
    response.setContentType(logo->contentType);
    response.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    response.set("X-Content-Type-Options", "nosniff");
    response.set("Cache-Control", "public, max-age=3600");
    response.setContentLength64(static_cast<Poco::Int64>(logo->bytes.size()));
    if (request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD) {
        response.send();
        return;
    }
    response.sendBuffer(logo->bytes.data(), logo->bytes.size());
}

}  // namespace lodestone::pages
