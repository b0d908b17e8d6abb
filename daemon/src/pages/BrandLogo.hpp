#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <optional>
#include <string>
#include <variant>

#include "storage/Store.hpp"

namespace lodestone::pages {

// A logo is a small raster image: large files would slow every page, and SVG can carry script.
inline constexpr std::size_t kMaxLogoBytes = 256 * 1024;

struct LogoImage {
    std::string bytes;
    std::string contentType;  // image/png, image/jpeg, image/webp or image/gif
};

// Reads the logo at `path`: an absolute path to a regular file of at most kMaxLogoBytes whose
// first bytes are a PNG, JPEG, WebP or GIF signature. Otherwise why not, as the end of a
// sentence ("is not an absolute path").
std::variant<LogoImage, std::string> readLogo(const std::string& path);

// The path a project's logo is served at, on whichever host serves its pages.
std::string logoPathOf(const std::string& projectId);

// GET /assets/{projectId}/logo: the project's settings.brand.logo_path, read at each request
// (so a replaced file shows at once) and checked again; the 404 page when the project has no
// usable logo. Served with a long cache lifetime and a CSP that lets nothing run.
class BrandLogoHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    BrandLogoHandler(storage::Store& store, std::string projectId)
        : store_(store), projectId_(std::move(projectId)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    storage::Store& store_;
    std::string projectId_;
};

}  // namespace lodestone::pages
