#include "domain/Records.hpp"

#include <algorithm>

namespace lodestone::domain {

bool ApiKey::mayUseProject(const std::string& projectId) const {
    return projectIds.empty() ||
           std::find(projectIds.begin(), projectIds.end(), projectId) != projectIds.end();
}

}  // namespace lodestone::domain
