#ifndef TRANSITIOND_CLIBUV_SHIM_H
#define TRANSITIOND_CLIBUV_SHIM_H
#include <uv.h>
#if defined(__linux__)
/* The Linux implementations of the daemon's seams (Sources/TransitionDaemon/Platform.swift):
   the tick timer's timerfd and glibc's malloc_trim. */
#include <sys/timerfd.h>
#include <malloc.h>
#endif
#endif
