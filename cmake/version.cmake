# Writes the version header (src/core/version.h.in) with the version of this build, run by the
# build (`cmake -P`) each time, so that a new commit changes the header without a new configure;
# configure_file leaves an unchanged header alone, so nothing recompiles then.
#
#   cmake -DSOURCE_DIR=... -DVERSION=0.2.0 -DRELEASE=OFF -DTEMPLATE=.../version.h.in -DOUTPUT=... -P version.cmake
#
# A release build (RELEASE=ON, or a checkout whose commit carries the tag v<VERSION>) is plain
# VERSION; any other build is VERSION-dev-<commit>, or VERSION-dev outside a git checkout (a source
# archive).
set(SEN_VERSION_TEXT "${VERSION}")
if(NOT RELEASE)
  set(commit "")
  set(tagged FALSE)
  find_program(GIT git)
  if(GIT)
    # Only Sen's own repository counts, not one the sources happen to sit inside.
    execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --show-toplevel
                    OUTPUT_VARIABLE top RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed)
      file(REAL_PATH "${top}" top)
      file(REAL_PATH "${SOURCE_DIR}" source)
    endif()
    if(NOT failed AND top STREQUAL source)
      execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" rev-parse --short=7 HEAD
                      OUTPUT_VARIABLE commit RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(failed)
        set(commit "")
      endif()
      execute_process(COMMAND "${GIT}" -C "${SOURCE_DIR}" tag --points-at HEAD --list "v${VERSION}"
                      OUTPUT_VARIABLE tag RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(NOT failed AND tag STREQUAL "v${VERSION}")
        set(tagged TRUE)
      endif()
    endif()
  endif()
  if(tagged)
    set(SEN_VERSION_TEXT "${VERSION}")
  elseif(commit)
    set(SEN_VERSION_TEXT "${VERSION}-dev-${commit}")
  else()
    set(SEN_VERSION_TEXT "${VERSION}-dev")
  endif()
endif()
string(REPLACE "." ";" parts "${VERSION}")
list(GET parts 0 SEN_VERSION_MAJOR)
list(GET parts 1 SEN_VERSION_MINOR)
list(GET parts 2 SEN_VERSION_PATCH)
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
