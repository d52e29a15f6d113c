#ifndef TRANSITIOND_CLIBUV_SHIM_H
#define TRANSITIOND_CLIBUV_SHIM_H
#include <uv.h>
#include <sys/timerfd.h>
#include <malloc.h>
#endif
