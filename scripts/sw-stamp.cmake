# Stamps the web build's service worker (web/sw.js) with the site's files and
# a hash of their contents, so that every new build is a new offline copy:
#   cmake -DSITE=build/web -DTEMPLATE=web/sw.js -P scripts/sw-stamp.cmake
# Run by the build (CMakeLists.txt) after the site's files are in place.
#
# First the page's tab icon goes into index.html as a data: address: the
# browser fetches a tab icon itself, past the service worker, so a linked
# icon.svg would be missing offline. (The manifest's icons are fetched when
# the app is installed, which needs the network anyway.)
if(EXISTS "${SITE}/index.html" AND EXISTS "${SITE}/icon.svg")
  file(READ "${SITE}/icon.svg" svg)
  string(REGEX REPLACE "[\r\n]+ *" " " svg "${svg}")
  string(REPLACE "%" "%25" svg "${svg}")
  string(REPLACE "#" "%23" svg "${svg}")
  string(REPLACE "\"" "'" svg "${svg}")
  string(REPLACE "<" "%3C" svg "${svg}")
  string(REPLACE ">" "%3E" svg "${svg}")
  file(READ "${SITE}/index.html" page)
  string(REPLACE "href=\"icon.svg\"" "href=\"data:image/svg+xml,${svg}\"" page "${page}")
  file(WRITE "${SITE}/index.html" "${page}")
endif()
file(GLOB names RELATIVE "${SITE}" "${SITE}/*")
list(SORT names)
set(quoted "")
set(contents "")
foreach(f IN LISTS names)
  # The worker itself is not cached by itself; READMEs are for people who copy the folder.
  if(f STREQUAL "sw.js" OR f MATCHES "\\.md$" OR IS_DIRECTORY "${SITE}/${f}")
    continue()
  endif()
  file(SHA256 "${SITE}/${f}" h)
  string(APPEND contents "${f} ${h}\n")
  list(APPEND quoted "'${f}'")
endforeach()
file(READ "${TEMPLATE}" template)
string(SHA256 sum "${contents}${template}")
string(SUBSTRING "${sum}" 0 16 GAMUT_BUILD)
list(JOIN quoted ", " GAMUT_FILES)
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
