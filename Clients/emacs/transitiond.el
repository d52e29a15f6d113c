;;; transitiond.el --- Drive and preview transitiond layout transitions  -*- lexical-binding: t; -*-

;; Author: transitiond contributors
;; Version: 0.2.0
;; Package-Requires: ((emacs "28.1") (jsonrpc "1.0.14"))
;; Keywords: tools, multimedia

;; This file is not part of GNU Emacs.

;;; Commentary:

;; transitiond is a daemon that computes animated transitions between
;; two layouts of a collection of items (a list becoming a grid, and
;; back) and streams the frames of the visible items as
;; `transition/tick' notifications.  It speaks JSON-RPC 2.0 with LSP
;; framing over standard input and output.
;;
;; This package starts the daemon, creates sessions from a small spec,
;; starts, scrubs, finishes and cancels transitions, and draws every
;; tick as boxes in the `*transitiond-preview*' buffer.
;;
;; Quick start:
;;
;;   M-x transitiond-create-session   ; the list -> grid demo (starts the daemon)
;;   M-x transitiond-preview          ; show the preview buffer
;;   p                                ; play list -> grid (in the preview)
;;   h / l                            ; scrub by 5%
;;   f / c / SPC                      ; finish / cancel / cancel in place
;;   q                                ; quit the window
;;   M-x transitiond-stop             ; shut the daemon down
;;
;; Transition documents (NAME.transition.json), with eglot:
;;
;;   (with-eval-after-load 'eglot (transitiond-eglot-setup))
;;   (add-hook 'transitiond-document-mode-hook #'eglot-ensure)
;;   C-c C-t p / s / k                ; play / scrub / stop the document
;;   C-c C-t v                        ; the preview, following its session
;;
;; The language server and this package's own client run through the
;; per-user shared daemon (`transitiond --remote=auto') unless
;; `transitiond-shared' is nil.
;;
;; The daemon is found from `transitiond-program', else the
;; environment variable TRANSITIOND, else `transitiond' on `exec-path'.
;; Without a native build, the daemon on Node (the service compiled to
;; WebAssembly) does as well:
;;
;;   (setq transitiond-program
;;         '("node" "/path/to/Clients/web/bin/transitiond.mjs"))
;; It is started with `--clientProcessId' set to Emacs' own pid and is
;; shut down from `kill-emacs-hook', so it never outlives Emacs.
;;
;; Errors reported by the daemon are shown as "transitiond: MESSAGE"
;; (`user-error'), never as a backtrace.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'subr-x)
(require 'seq)
(eval-when-compile (require 'lisp-mnt))

(defconst transitiond-version
  (eval-when-compile
    (lm-version (or (bound-and-true-p byte-compile-current-file) load-file-name buffer-file-name)))
  "This package's version: its Version header, read when compiled or loaded.")

;;;; Protocol tables (generated)
;; Generated from Protocol/schema by scripts/generate-protocol-tables.py: do not edit.

(defconst transitiond-protocol-requests
  '("clock/advance"
    "clock/setRate"
    "document/check"
    "initialize"
    "layout/attributes"
    "session/create"
    "session/dispose"
    "session/list"
    "session/scroll"
    "session/subscribe"
    "session/unsubscribe"
    "session/update"
    "shutdown"
    "transition/cancel"
    "transition/cancelInPlace"
    "transition/export"
    "transition/finish"
    "transition/release"
    "transition/retarget"
    "transition/sample"
    "transition/scrub"
    "transition/start"
    "transition/status")
  "The requests of the protocol.")

(defconst transitiond-protocol-client-notifications
  '("$/cancelRequest"
    "$/setTrace"
    "exit"
    "initialized")
  "The notifications clients send.")

(defconst transitiond-protocol-daemon-notifications
  '("transition/tick"
    "transition/didEnd"
    "window/logMessage"
    "$/logTrace")
  "The notifications the daemon sends.")

(defconst transitiond-protocol-error-codes
  '((ParseError . -32700)
    (InvalidRequest . -32600)
    (MethodNotFound . -32601)
    (InvalidParams . -32602)
    (InternalError . -32603)
    (ServerNotInitialized . -32002)
    (RequestCancelled . -32800)
    (UnknownSession . -32010)
    (NoTransition . -32011)
    (TransitionInFlight . -32012)
    (NotManualClock . -32013)
    (LimitReached . -32014))
  "The codes the daemon answers errors with, by name.")

(defconst transitiond-protocol-client-error-codes
  '((RequestTimeout . -31001)
    (ConnectionClosed . -31002))
  "Codes of the package's own conditions (never sent by the daemon).")

(defconst transitiond-protocol-easings
  '("linear"
    "quadraticEaseIn"
    "quadraticEaseOut"
    "quadraticEaseInOut"
    "cubicEaseIn"
    "cubicEaseOut"
    "cubicEaseInOut"
    "quarticEaseIn"
    "quarticEaseOut"
    "quarticEaseInOut"
    "quinticEaseIn"
    "quinticEaseOut"
    "quinticEaseInOut"
    "sineEaseIn"
    "sineEaseOut"
    "sineEaseInOut"
    "circularEaseIn"
    "circularEaseOut"
    "circularEaseInOut"
    "exponentialEaseIn"
    "exponentialEaseOut"
    "exponentialEaseInOut"
    "elasticEaseIn"
    "elasticEaseOut"
    "elasticEaseInOut"
    "backEaseIn"
    "backEaseOut"
    "backEaseInOut"
    "bounceEaseIn"
    "bounceEaseOut"
    "bounceEaseInOut")
  "The easing names of the protocol.")

(defconst transitiond-protocol-defaults
  '(("clock/advance" . (:reply "tick"))
    ("session/create" . (:clock "realtime" :encoding "objects" :fps 60 :reducedMotion :json-false))
    ("transition/export" . (:contentFade "none" :contentResize "remeasure" :duration 0.3 :motion "auto" :path "straight" :reducedDuration 0.2 :timing "linear"))
    ("transition/release" . (:timing (:spring (:dampingFraction 0.825 :response 0.55))))
    ("transition/retarget" . (:contentFade "none" :contentResize "remeasure" :duration 0.3 :motion "auto" :path "straight" :reducedDuration 0.2 :timing "linear"))
    ("transition/sample" . (:contentFade "none" :contentResize "remeasure" :duration 0.3 :motion "auto" :path "straight" :reducedDuration 0.2 :timing "linear"))
    ("transition/start" . (:contentFade "none" :contentResize "remeasure" :duration 0.3 :motion "auto" :path "straight" :reducedDuration 0.2 :timing "linear")))
  "What the daemon uses for params members left out, by method.")

;;;; End of the protocol tables

;;;; Customization

(defgroup transitiond nil
  "Drive the transitiond layout-transition daemon and preview its ticks."
  :group 'tools
  :prefix "transitiond-")

(defcustom transitiond-program nil
  "The transitiond executable: an absolute file name or a command name.
It may also be a list of a program and its first arguments, which
the daemon's own arguments follow, such as the daemon on Node (the
service compiled to WebAssembly, for where no native build is):
  (\"node\" \"/path/to/Clients/web/bin/transitiond.mjs\")
That one cannot be the shared daemon: it has no `--remote', so set
`transitiond-shared' to nil with it.
When nil, the environment variable TRANSITIOND is used, and when
that is unset or empty, `transitiond' is looked up on the variable
`exec-path'."
  :type '(choice (const :tag "From $TRANSITIOND or exec-path" nil)
                 (string :tag "Program")
                 (repeat :tag "Program and its first arguments" string)))

(defcustom transitiond-socket nil
  "When non-nil, the Unix socket of a running `transitiond --listen' to use.
Instead of starting its own daemon, `transitiond-start' then connects
to this socket, and `transitiond-stop' closes only that connection."
  :type '(choice (const :tag "Start a daemon over stdio" nil)
                 (file :tag "Socket")))

(defcustom transitiond-shared t
  "When non-nil (the default), use the per-user shared daemon, not a private one.
The daemon is then run as `transitiond --remote=auto', a forwarder to
the daemon every shared client uses (started when none runs, gone a
minute after its last client), both by `transitiond-start' (this
package's own client: `transitiond-follow', the previews) and by
eglot for transition documents (`transitiond-eglot-contact').  So the
session the language server plays for a document is the one
`transitiond-document-preview', `transitiond-follow' and
`transitionctl --shared sessions' see.  The daemon watches Emacs' pid
from `initialize' and closes only these connections when Emacs dies.

When nil, each is a private daemon of its own (`transitiond --stdio'):
the package's client and the language server then share nothing, and
`transitiond-document-preview' cannot follow a document's session.
The daemon on Node (see `transitiond-program') can only be private."
  :type '(choice (const :tag "The per-user shared daemon (--remote=auto)" t)
                 (const :tag "A private daemon (--stdio)" nil)))

(defcustom transitiond-program-args nil
  "Extra command-line arguments for the daemon, such as (\"--log-level\" \"debug\")."
  :type '(repeat string))

(defcustom transitiond-request-timeout 10
  "Seconds to wait for the daemon to answer a request."
  :type 'number)

(defcustom transitiond-shutdown-timeout 2
  "Seconds to wait for the daemon to exit on `transitiond-stop'.
When it has not exited by then, its process is killed."
  :type 'number)

(defcustom transitiond-events-buffer-size 0
  "Size of the `*transitiond events*' log buffer, in characters.
0 disables the log (ticks are frequent), nil keeps everything."
  :type '(choice (const :tag "Disabled" 0)
                 (const :tag "Unlimited" nil)
                 (integer :tag "Characters")))

(defcustom transitiond-default-spec
  '(:viewport (:width 375 :height 667)
    :items 100
    :from (:type "list" :rowHeight 60)
    :to (:type "grid" :columns 2 :spacing 10 :lineSpacing 5
               :inset (:top 10 :left 10 :bottom 10 :right 10))
    :clock "realtime"
    :duration 0.8
    :timing (:easing "quarticEaseInOut"))
  "The spec `transitiond-create-session' uses by default: the list -> grid demo.
A plist with these keys (JSON objects are plists, JSON arrays vectors):

  :viewport    (:width W :height H), in points.
  :items       the number of items (one section).
  :from        the layout the session starts in, such as
               (:type \"list\" :rowHeight 60).
  :to          the layout transitions go to, such as
               (:type \"grid\" :columns 2 :spacing 10).
  :clock       \"realtime\" (ticks stream while animating) or
               \"manual\" (ticks come on `transitiond-advance').
  :fps         frames per second of a realtime clock (default 60).
  :duration    seconds of a played transition.
  :timing      a timing curve, such as (:easing \"quarticEaseInOut\").
  :contentInset, :contentOffset
               passed to `session/create' as they are.
  :transition  a plist of further `transition/start' params, such as
               (:contentOffset (:placement \"center\" :items [[0 20]])).

Transitions alternate between :from and :to: after one finishes, the
next goes back."
  :type 'plist)

(defcustom transitiond-scrub-step 5
  "Percent by which \\<transitiond-preview-mode-map>\\[transitiond-scrub-backward] \
and \\[transitiond-scrub-forward] move a transition."
  :type 'number)

(defcustom transitiond-preview-scale nil
  "Points per character cell of the preview, as (X . Y), or nil to fit.
A frame (x, y, width, height) in viewport points covers the columns
round(x/X) .. round((x+width)/X) - 1 and the rows round(y/Y) ..
round((y+height)/Y) - 1; every box is at least 2x2 cells.  When nil,
the scale makes the viewport fit the preview's window, a cell being
`transitiond-preview-cell-aspect' times as tall as it is wide."
  :type '(choice (const :tag "Fit the window" nil)
                 (cons (number :tag "Points per column")
                       (number :tag "Points per row"))))

(defcustom transitiond-preview-cell-aspect 3.0
  "How many times taller than wide a character cell is, for fitting the preview."
  :type 'number)

(defcustom transitiond-log-file
  (expand-file-name "transitiond.log" temporary-file-directory)
  "File the daemon's standard error is saved to when it exits unexpectedly."
  :type 'file)

(defcustom transitiond-read-process-output-max (* 256 1024)
  "At least this many bytes are read from the daemon at a time.
A tick of the demo is several kilobytes and 60 of them come each
second; with Emacs' default `read-process-output-max' (4096) they
are read slower than they come.  Starting the daemon raises
`read-process-output-max' to this value (never lowers it); nil
leaves it alone."
  :type '(choice (const :tag "Leave read-process-output-max alone" nil)
                 integer))

(defcustom transitiond-step-search-time 3.0
  "Seconds a followed manual session is stepped to find a new transition.
A transition started on a manual clock sends nothing until the clock
moves, so after `transitiond-document-play', an edit of the document
or a didEnd that a new transition follows (`cancelledInPlace',
`superseded', `retargeted'), the preview steps the clock this long
even while the session is idle, to find the new transition."
  :type 'number)

(defcustom transitiond-mode-line t
  "When non-nil, the mode line shows the current transition's progress."
  :type 'boolean)

(defcustom transitiond-preview-auto-display t
  "When non-nil, creating a session or playing one displays the preview."
  :type 'boolean)

(defcustom transitiond-tick-functions nil
  "Functions called with the params of each `transition/tick', as it arrives.
The preview draws the newest tick on a timer, soon after."
  :type 'hook)

(defcustom transitiond-did-end-functions nil
  "Functions called with the params of each `transition/didEnd'."
  :type 'hook)

(defface transitiond-box '((t :inherit font-lock-constant-face))
  "Face of the boxes in the preview.")

(defface transitiond-label '((t :inherit bold))
  "Face of the item labels in the preview.")

(defface transitiond-faint '((t :inherit shadow))
  "Face of the boxes of mostly transparent items (alpha < 0.5).")

(defconst transitiond-preview-buffer-name "*transitiond-preview*"
  "Name of the preview buffer.")

;;;; State

(cl-defstruct (transitiond-session
               (:constructor transitiond--make-session)
               (:copier nil))
  "A session hosted by the daemon, as this package knows it."
  id                 ; "s1"
  spec               ; the spec it was created from
  at-to              ; non-nil once a transition to :to has finished
  transition         ; id of the transition in flight, or nil
  state              ; "idle", "running", "paused", "finishing", "cancelling"
  progress           ; last known progress (0..1), or nil
  ended              ; reason of the last didEnd, or nil
  last-tick          ; params of the last tick (or of a layout/attributes)
  content-offset     ; last known contentOffset plist
  followed           ; non-nil for another client's session (`transitiond-follow')
  ended-transition   ; id of the transition the last didEnd ended, or nil
  name               ; the session's name, or nil
  source)            ; the document buffer a document preview follows, or nil

(defvar transitiond--connection nil
  "The `jsonrpc-process-connection' to the daemon, or nil.")

(defvar transitiond--process nil
  "The daemon's process, or nil.")

(defvar transitiond--stopping nil
  "Non-nil while `transitiond-stop' shuts the daemon down.")

(defvar transitiond-server-info nil
  "The result of `initialize': a plist with :capabilities and :serverInfo.")

(defvar transitiond-current-session nil
  "The `transitiond-session' the commands act on.")

(defvar transitiond--last-spec nil
  "The spec of the last session made: what a restart makes again.")

(defvar transitiond-last-exit nil
  "How the daemon last died unexpectedly: (:status :code :stderr :log), or nil.")

(defvar transitiond-last-error nil
  "The last error the daemon answered, as a plist (:code :message :data).")

(defun transitiond--empty-object ()
  "Return a value that encodes as the empty JSON object."
  (make-hash-table :size 1))

;;;; Connection

(defun transitiond--command ()
  "Return the daemon's program, as an absolute file name, and its first arguments.
Signal a `user-error' when the program cannot be found."
  (let* ((env (getenv "TRANSITIOND"))
         (command (or transitiond-program
                      (and env (not (string-empty-p env)) env)
                      "transitiond"))
         (command (if (stringp command) (list command) command))
         (candidate (car command))
         (file (if (file-name-directory candidate)
                   (expand-file-name candidate)
                 (executable-find candidate))))
    (unless (and file (file-executable-p file) (not (file-directory-p file)))
      (user-error "transitiond: cannot find the daemon `%s'; set \
`transitiond-program' or TRANSITIOND" candidate))
    (cons file (cdr command))))

(defun transitiond-running-p ()
  "Return non-nil when the daemon is running."
  (and transitiond--connection
       (process-live-p transitiond--process)))

(defun transitiond--error-message (err)
  "Return the daemon's message in ERR, the data of a `jsonrpc-error'."
  (let ((data (cdr err)))
    (or (and (listp data) (alist-get 'jsonrpc-error-message data))
        (and (stringp (car-safe data)) (car data))
        (format "%S" err))))

(defun transitiond-short-message (message)
  "Return MESSAGE on one line, a long list of names replaced by its count.
\"expected one of linear, quadraticEaseIn, ...\" (31 names) becomes
\"expected one of 31 names (linear, quadraticEaseIn, ...)\"."
  (let ((message (replace-regexp-in-string "[ \t\n]+" " " message))
        (names "one of \\([[:alnum:]_-]+\\), \\([[:alnum:]_-]+\\)\\(\\(?:, [[:alnum:]_-]+\\)+\\)"))
    (if (not (string-match names message))
        message
      (let* ((first (match-string 1 message))
             (second (match-string 2 message))
             (before (substring message 0 (match-beginning 0)))
             (after (substring message (match-end 0)))
             (count (+ 2 (length (split-string (match-string 3 message) "," t)))))
        (if (<= count 6)
            message
          (format "%sone of %d names (%s, %s, …)%s" before count first second after))))))

(defun transitiond--raise (err)
  "Record ERR, a `jsonrpc-error', and signal it as a `user-error'."
  (let* ((data (cdr err))
         (message (transitiond-short-message (transitiond--error-message err))))
    (setq transitiond-last-error
          (list :code (and (listp data) (alist-get 'jsonrpc-error-code data))
                :message message
                :data (and (listp data) (alist-get 'jsonrpc-error-data data))))
    (user-error "transitiond: %s" message)))

(defun transitiond--request-1 (method params &optional timeout)
  "Send METHOD with PARAMS and wait at most TIMEOUT seconds for the result.
Signal a `jsonrpc-error' when the daemon answers an error."
  (unless (transitiond-running-p)
    (user-error "transitiond: the daemon is not running"))
  (unwind-protect
      (jsonrpc-request transitiond--connection method
                       (or params (transitiond--empty-object))
                       :timeout (or timeout transitiond-request-timeout))
    (transitiond--drain)))

(defvar transitiond--in-filter nil
  "Non-nil while the process filter handles a message.")

(defun transitiond--drain ()
  "Handle the messages read with the last synchronous reply.
`jsonrpc-request' returns by throwing out of the process filter as
soon as the reply is read, so a tick that came in the same read stays
in the process buffer until more output arrives.  Running the filter
on no new output reads it now."
  (let ((process transitiond--process))
    (when (and process (not transitiond--in-filter)
               (buffer-live-p (process-buffer process))
               (process-filter process))
      (let ((transitiond--in-filter t))
        (funcall (process-filter process) process "")))))

(defun transitiond-request (method params &optional timeout)
  "Send the request METHOD (a symbol) with PARAMS (a plist) to the daemon.
Return its result.  When the daemon answers an error, or does not
answer within TIMEOUT seconds (default `transitiond-request-timeout'),
record it in `transitiond-last-error' and signal a `user-error'
\"transitiond: MESSAGE\"."
  (condition-case err
      (transitiond--request-1 method params timeout)
    (jsonrpc-error (transitiond--raise err))))

(defun transitiond--error-code (err)
  "Return the JSON-RPC error code in ERR, the data of a `jsonrpc-error'."
  (and (listp (cdr err)) (alist-get 'jsonrpc-error-code (cdr err))))

(defun transitiond--dispatch-notification (_connection method params)
  "Handle the notification METHOD with PARAMS from the daemon.
Errors are shown as messages: they never escape into the process filter."
  (let ((transitiond--in-filter t))
    (condition-case err
        (pcase method
          ('transition/tick (transitiond--on-tick params))
          ('transition/didEnd (transitiond--on-did-end params))
          (_ nil))
      (error (message "transitiond: %s" (error-message-string err))))))

(defun transitiond--dispatch-request (_connection method _params)
  "Answer a request METHOD from the daemon: none is expected."
  (jsonrpc-error :code (alist-get 'MethodNotFound transitiond-protocol-error-codes) :message (format "Method not found: %s" method)))

(defun transitiond--on-shutdown (connection)
  "Forget CONNECTION, whose process has died."
  (when (eq connection transitiond--connection)
    (let* ((process transitiond--process)
           (exit (and process (not transitiond--stopping)
                      (transitiond--exit-info process))))
      (setq transitiond--connection nil
            transitiond--process nil
            transitiond-current-session nil)
      (when exit
        (setq transitiond-last-exit exit)
        (message "transitiond: the daemon %s (log: %s)"
                 (plist-get exit :status) (plist-get exit :log)))
      (transitiond--preview-update))))

(defun transitiond--describe-exit (process)
  "Return how PROCESS ended: \"exited with status N\" or \"killed by signal N (NAME)\"."
  (let ((code (process-exit-status process)))
    (if (eq (process-status process) 'signal)
        (format "killed by signal %d%s" code
                (pcase code (1 " (SIGHUP)") (2 " (SIGINT)") (4 " (SIGILL)")
                       (5 " (SIGTRAP)") (6 " (SIGABRT)") (9 " (SIGKILL)")
                       (11 " (SIGSEGV)") (15 " (SIGTERM)") (_ "")))
      (format "exited with status %d" code))))

(defun transitiond--exit-info (process)
  "Describe the end of the daemon PROCESS; save its stderr to the log file."
  (let* ((status (if (eq (process-type process) 'network)
                     "closed the connection"
                   (transitiond--describe-exit process)))
         (buffer (get-buffer " *transitiond stderr*"))
         (stderr (and buffer (with-current-buffer buffer
                               (string-trim (buffer-string))))))
    (ignore-errors
      (with-temp-buffer
        (insert (format "-- transitiond %s\n" status))
        (when (and stderr (not (string-empty-p stderr)))
          (insert stderr "\n"))
        (write-region nil nil transitiond-log-file t 'silent)))
    (list :status status
          :stderr (and stderr (last (split-string stderr "\n" t) 5))
          :log transitiond-log-file)))

(defun transitiond--mode-args (&optional watch-emacs)
  "The daemon's arguments that say how it runs, after its program.
`--remote=auto' with `transitiond-shared', else `--stdio', followed
with WATCH-EMACS by `--clientProcessId' and Emacs' pid (the shared
daemon watches the pid of `initialize' instead)."
  (if transitiond-shared
      (list "--remote=auto")
    (append (list "--stdio")
            (and watch-emacs
                 (list "--clientProcessId" (number-to-string (emacs-pid)))))))

(cl-defun transitiond--make-process (command name)
  "Start COMMAND (a program and its first arguments) as the daemon process NAME.
Return the process.
When `transitiond-socket' is set, connect to it instead."
  (when transitiond-socket
    (cl-return-from transitiond--make-process
      (setq transitiond--process
            (make-network-process
             :name name :family 'local
             :service (expand-file-name transitiond-socket)
             :coding 'utf-8-emacs-unix :noquery t))))
  (let ((default-directory
         (if (and (not (file-remote-p default-directory))
                  (file-accessible-directory-p default-directory))
             default-directory
           temporary-file-directory))
        (process-connection-type nil))
    (setq transitiond--process
          (make-process
           :name name
           :command (append command
                            (transitiond--mode-args t)
                            transitiond-program-args)
           :connection-type 'pipe
           :coding 'utf-8-emacs-unix
           :noquery t
           :file-handler nil
           ;; jsonrpc.el renames this buffer to " *transitiond stderr*".
           :stderr (get-buffer-create (format "*%s stderr*" name))))
    (let ((stderr (get-buffer-process (format "*%s stderr*" name))))
      (when stderr (set-process-query-on-exit-flag stderr nil)))
    transitiond--process))

;;;###autoload
(defun transitiond-start ()
  "Start the transitiond daemon and initialize it, unless it is running.
Return the connection."
  (interactive)
  (if (transitiond-running-p)
      (progn (when (called-interactively-p 'any)
               (message "transitiond: already running (%s)"
                        (transitiond--describe-process)))
             transitiond--connection)
    (let* ((command (unless transitiond-socket (transitiond--command)))
           (name "transitiond")
           (connection
            (condition-case err
                (make-instance
                 'jsonrpc-process-connection
                 :name name
                 :events-buffer-scrollback-size transitiond-events-buffer-size
                 :notification-dispatcher #'transitiond--dispatch-notification
                 :request-dispatcher #'transitiond--dispatch-request
                 :on-shutdown #'transitiond--on-shutdown
                 :process (lambda () (transitiond--make-process command name)))
              (file-error
               (user-error "transitiond: cannot %s: %s"
                           (if transitiond-socket
                               (format "connect to %s" transitiond-socket)
                             (format "start %s" (string-join command " ")))
                           (error-message-string err))))))
      (setq transitiond--connection connection
            transitiond-current-session nil
            transitiond-last-exit nil)
      (when (and transitiond-read-process-output-max
                 (< read-process-output-max transitiond-read-process-output-max))
        (setq read-process-output-max transitiond-read-process-output-max))
      (add-hook 'kill-emacs-hook #'transitiond--kill-emacs-hook)
      (condition-case err
          (progn
            (setq transitiond-server-info
                  (transitiond--request-1
                   'initialize
                   (list :processId (emacs-pid)
                         :clientInfo (list :name "transitiond.el"
                                           :version transitiond-version))))
            (jsonrpc-notify connection 'initialized (transitiond--empty-object)))
        ((jsonrpc-error user-error)
         (transitiond--kill)
         (if (eq (car err) 'jsonrpc-error)
             (transitiond--raise err)
           (signal (car err) (cdr err)))))
      (when (called-interactively-p 'any)
        (let ((info (plist-get transitiond-server-info :serverInfo)))
          (message "transitiond: started %s %s (%s)"
                   (or (plist-get info :name) "transitiond")
                   (or (plist-get info :version) "")
                   (transitiond--describe-process))))
      connection)))

(defun transitiond--describe-process ()
  "Describe the daemon's process: its pid, or the socket it is connected to."
  (if (process-id transitiond--process)
      (format "pid %d" (process-id transitiond--process))
    (format "socket %s" transitiond-socket)))

(defun transitiond--wait-for-exit (process seconds)
  "Wait up to SECONDS for PROCESS to exit and its sentinel to run."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (or (process-live-p process)
                    (eq process transitiond--process))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))))

(defun transitiond--kill ()
  "Kill the daemon's process without talking to it, and forget it."
  (let ((process transitiond--process)
        (transitiond--stopping t))
    (when (process-live-p process)
      (delete-process process)
      (transitiond--wait-for-exit process 1))
    (setq transitiond--connection nil
          transitiond--process nil
          transitiond-current-session nil)))

;;;###autoload
(defun transitiond-stop (&optional timeout)
  "Shut the daemon down (`shutdown', then `exit') and wait for it to exit.
The current session is disposed of first, so that a transition in
flight ends with a `transition/didEnd'.  When the daemon has not
exited within TIMEOUT seconds (default `transitiond-shutdown-timeout'),
kill it.  With `transitiond-socket', only the connection is closed."
  (interactive)
  (let ((timeout (or timeout transitiond-shutdown-timeout))
        (connection transitiond--connection)
        (process transitiond--process)
        (transitiond--stopping t))
    (if (not (process-live-p process))
        (when (called-interactively-p 'any)
          (message "transitiond: not running"))
      ;; A followed session is another client's: closing the connection only
      ;; unsubscribes from it.
      (when (and transitiond-current-session
                 (not (transitiond-session-followed transitiond-current-session)))
        (ignore-errors
          (jsonrpc-request connection 'session/dispose
                           (list :session (transitiond-session-id
                                           transitiond-current-session))
                           :timeout timeout)))
      (ignore-errors
        (jsonrpc-request connection 'shutdown (transitiond--empty-object)
                         :timeout timeout))
      (ignore-errors
        (jsonrpc-notify connection 'exit (transitiond--empty-object)))
      (transitiond--wait-for-exit process timeout)
      (transitiond--kill)
      (when (called-interactively-p 'any)
        (message "transitiond: stopped")))
    (setq transitiond--connection nil
          transitiond--process nil
          transitiond-current-session nil)
    (transitiond--preview-update)
    nil))

(defun transitiond--kill-emacs-hook ()
  "Shut the daemon down as Emacs exits."
  (ignore-errors (transitiond-stop 1)))

;;;; Sessions

(defun transitiond--session ()
  "Return the current session.
After the daemon died, start it again with the last session's spec;
else signal a `user-error'."
  (or transitiond-current-session
      (and transitiond-last-exit transitiond--last-spec
           (transitiond-create-session transitiond--last-spec))
      (user-error "transitiond: no session; use M-x transitiond-create-session")))

(defun transitiond--spec-get (spec key &optional default)
  "Return KEY of SPEC, falling back to `transitiond-default-spec', then DEFAULT.
A spec read from a transition document (it has :document) falls back
to DEFAULT only: nothing of the demo is filled in."
  (or (plist-get spec key)
      (and (not (plist-get spec :document)) (plist-get transitiond-default-spec key))
      default))

(defun transitiond--manual-p (session)
  "Return non-nil when the clock of SESSION is manual."
  (equal (transitiond--spec-get (transitiond-session-spec session) :clock)
         "manual"))

(defun transitiond--session-create-params (spec)
  "Return the `session/create' params for SPEC.
A spec read from a document has them as they are, its :document's
:session."
  (let ((params (list :viewport (transitiond--spec-get spec :viewport)
                      :sections (vector (list :items (transitiond--spec-get
                                                      spec :items 100)))
                      :layout (transitiond--spec-get spec :from)
                      :clock (transitiond--spec-get spec :clock "realtime"))))
    (dolist (key '(:fps :contentInset :contentOffset :encoding))
      (when (plist-get spec key)
        (setq params (plist-put params key (plist-get spec key)))))
    (or (plist-get (plist-get spec :document) :session) params)))

(defun transitiond-validate-spec (spec)
  "Check what the daemon would only refuse at play in SPEC; return SPEC.
An unknown easing or a duration that is not a number >= 0 is one
short `user-error' when the session is made."
  (let* ((timing (and (not (plist-get spec :document))
                      (transitiond--spec-get spec :timing)))
         (easing (cond ((stringp timing) timing)
                       ((listp timing) (plist-get timing :easing))))
         (duration (plist-get spec :duration)))
    (when (and easing (not (member easing transitiond-protocol-easings)))
      (user-error "transitiond: unknown easing \"%s\" (M-x transitiond-set-easing \
completes the %d names)" easing (length transitiond-protocol-easings)))
    (when (and duration (not (and (numberp duration) (>= duration 0))))
      (user-error "transitiond: :duration must be a number of seconds >= 0"))
    spec))

(defun transitiond--set-option (key value)
  "Set KEY to VALUE in the spec of the current session and of restarts."
  (let ((spec (plist-put (copy-sequence (or (and transitiond-current-session
                                                 (transitiond-session-spec
                                                  transitiond-current-session))
                                            transitiond--last-spec
                                            transitiond-default-spec))
                         key value)))
    (transitiond-validate-spec spec)
    (setq transitiond--last-spec spec)
    (when transitiond-current-session
      (setf (transitiond-session-spec transitiond-current-session) spec))
    (transitiond--preview-update)
    spec))

;;;###autoload
(defun transitiond-set-easing (easing)
  "Use EASING for the next transitions (completed from the protocol's names)."
  (interactive
   (list (completing-read "Easing: " transitiond-protocol-easings nil t nil nil
                          (let ((timing (transitiond--spec-get
                                         (and transitiond-current-session
                                              (transitiond-session-spec
                                               transitiond-current-session))
                                         :timing)))
                            (and (listp timing) (plist-get timing :easing))))))
  (transitiond--set-option :timing (list :easing easing)))

(defconst transitiond-durations '("0.3" "0.5" "0.8" "1" "1.5" "2" "3")
  "Durations offered by `transitiond-set-duration', in seconds.")

;;;###autoload
(defun transitiond-set-duration (seconds)
  "Use SECONDS as the duration of the next transitions."
  (interactive
   (list (let ((text (completing-read "Duration (s): " transitiond-durations)))
           (if (string-match-p "\\`[0-9]*\\.?[0-9]+\\'" text)
               (string-to-number text)
             (user-error "transitiond: a duration is a number of seconds")))))
  (transitiond--set-option :duration seconds))

(defun transitiond-mode-line-string ()
  "The mode line text: \"transitiond 35% paused\", or \"\" without a session."
  (let ((session transitiond-current-session))
    (cond (session
           (format " transitiond %d%% %s"
                   (round (* 100 (or (transitiond-session-progress session) 0)))
                   (or (transitiond-session-state session) "idle")))
          (transitiond-last-exit
           (format " transitiond %s" (plist-get transitiond-last-exit :status)))
          (t ""))))

(defconst transitiond--mode-line-construct
  '(:eval (string-replace "%" "%%" (transitiond-mode-line-string)))
  "What `transitiond-mode-line' adds to `global-mode-string'.")

(defun transitiond--mode-line-setup ()
  "Show the progress in the mode line when `transitiond-mode-line' asks for it."
  (when transitiond-mode-line
    (unless (listp global-mode-string)
      (setq global-mode-string (list global-mode-string)))
    (unless (member transitiond--mode-line-construct global-mode-string)
      (setq global-mode-string
            (append global-mode-string (list transitiond--mode-line-construct))))))

(defun transitiond--read-spec ()
  "Read a spec from the minibuffer, starting from `transitiond-default-spec'."
  (let ((spec (read-from-minibuffer
               "Spec: " (prin1-to-string transitiond-default-spec)
               read-expression-map t 'read-expression-history)))
    (unless (and (listp spec) (plist-get spec :from))
      (user-error "transitiond: a spec is a plist with at least :from and :to"))
    spec))

;;;###autoload
(defun transitiond-create-session (&optional spec)
  "Create a session from SPEC and make it current; start the daemon if needed.
SPEC is a plist described in `transitiond-default-spec', which is
used when SPEC is nil.  Interactively, with a prefix argument, edit
the spec in the minibuffer first.  Return the session."
  (interactive (list (and current-prefix-arg (transitiond--read-spec))))
  (let ((spec (or spec transitiond-default-spec)))
    (transitiond-validate-spec spec)
    (transitiond-start)
    (transitiond--leave-current-session)
    (let* ((result (transitiond-request 'session/create
                                        (transitiond--session-create-params spec)))
           (session (transitiond--make-session
                     :id (plist-get result :session)
                     :spec spec
                     :state "idle"
                     :content-offset (plist-get result :contentOffset))))
      (setq transitiond-current-session session
            transitiond--last-spec spec)
      (transitiond--mode-line-setup)
      (when (called-interactively-p 'any)
        (message "transitiond: created session %s (%s clock)"
                 (transitiond-session-id session)
                 (transitiond--spec-get spec :clock)))
      (if (and transitiond-preview-auto-display
               (called-interactively-p 'any))
          (transitiond-preview)
        (transitiond--preview-update))
      session)))

(defun transitiond--leave-current-session ()
  "Dispose of the current session, or unsubscribe from it when followed."
  (when-let ((session transitiond-current-session))
    (ignore-errors
      (transitiond--request-1 (if (transitiond-session-followed session)
                                  'session/unsubscribe
                                'session/dispose)
                              (list :session (transitiond-session-id session))))))

;;;###autoload
(defun transitiond-follow (name &optional spec source)
  "Make the session named NAME, created by any client of the daemon, current.
The connection subscribes to it (`session/subscribe' by name), so its
ticks reach the preview; with `transitiond-shared' that session may
belong to another editor, the language server or a script.  It is
drawn with the viewport of SPEC (default `transitiond-default-spec');
its clock and frame rate are the session's.  The preview follows the
session, not one transition: after a didEnd, the ticks of its next
transition are drawn too.  On a manual clock the preview steps it
\(`clock/advance' by 1/fps while a transition is in flight;
\<transitiond-preview-mode-map>\[transitiond-advance] steps once).
SOURCE is the document buffer of a document preview.
Return the session."
  (interactive (list (read-string "Follow the session named: ")))
  (transitiond-start)
  (let* ((result (transitiond-request 'session/subscribe (list :name name)))
         (spec (plist-put (plist-put (copy-sequence (or spec transitiond-default-spec))
                                     :clock (or (plist-get result :clock) "realtime"))
                          :fps (plist-get result :fps)))
         (session (transitiond--make-session
                   :id (plist-get result :session)
                   :spec spec
                   :state (plist-get result :state)
                   :content-offset (plist-get result :contentOffset)
                   :followed t
                   :name (or (plist-get result :name) name)
                   :source source)))
    (unless (equal (and transitiond-current-session
                        (transitiond-session-id transitiond-current-session))
                   (transitiond-session-id session))
      (transitiond--leave-current-session))
    (transitiond--step-stop)
    (setq transitiond-current-session session)
    ;; A transition already in flight: its id, so that it is followed (and stepped).
    (unless (member (plist-get result :state) '(nil "idle"))
      (let ((status (ignore-errors
                      (transitiond-request 'transition/status
                                           (list :session (transitiond-session-id session))))))
        (when status (transitiond--apply-status session status))))
    (transitiond--mode-line-setup)
    (when (transitiond--manual-p session)
      (transitiond--step-start t))
    (when (called-interactively-p 'any)
      (message "transitiond: following session %s (%s)" (plist-get result :session) name))
    (if (and transitiond-preview-auto-display (called-interactively-p 'any))
        (transitiond-preview)
      (transitiond--preview-update))
    session))

;;;###autoload
(defun transitiond-create-session-from-buffer (&optional buffer)
  "Create a session from the transition document in BUFFER (default: current).
The text is read by the daemon (`document/check'): a transition
document (`NAME.transition.json', Protocol/README.md section 18), or
the older {\"viewport\", \"items\", \"from\", \"to\"} form, which the
daemon converts.  A document that is not valid is refused with its
first error.  The session is made with `session/create' and the
document's `session'; \\<transitiond-preview-mode-map>\\[transitiond-play] plays the document's \
`transition' (then back
to the layout it left, and so on).  Nothing of `transitiond-default-spec'
is filled in.  When the region is active, only the region is read."
  (interactive)
  (let* ((text (with-current-buffer (or buffer (current-buffer))
                 (if (and (null buffer) (use-region-p))
                     (buffer-substring-no-properties (region-beginning)
                                                     (region-end))
                   (buffer-substring-no-properties (point-min) (point-max)))))
         (spec (transitiond-document-spec (transitiond-check-document text))))
    (if (called-interactively-p 'any)
        (funcall-interactively #'transitiond-create-session spec)
      (transitiond-create-session spec))))

(defun transitiond--diagnostic-text (diagnostic)
  "Return DIAGNOSTIC of `document/check' as LINE:COLUMN: error: FIELD: MESSAGE."
  (let* ((start (plist-get (plist-get diagnostic :range) :start))
         (field (plist-get (plist-get diagnostic :data) :field)))
    (format "%d:%d: %s: %s%s"
            (1+ (or (plist-get start :line) 0))
            (1+ (or (plist-get start :character) 0))
            (pcase (plist-get diagnostic :severity)
              (1 "error") (2 "warning") (_ "information"))
            (if field (concat field ": ") "")
            (plist-get diagnostic :message))))

(defun transitiond-check-document (text)
  "Read the transition document TEXT through the daemon's `document/check'.
Start the daemon when it is not running.  Return the result's
`document' (a plist (:session :transition), converted from the older
form when it was in it); signal a `user-error' naming the first error
when it is not valid."
  (transitiond-start)
  (let ((result (transitiond-request 'document/check (list :text text))))
    (unless (eq (plist-get result :valid) t)
      (let ((first (seq-find (lambda (d) (eql (plist-get d :severity) 1))
                             (plist-get result :diagnostics))))
        (user-error "transitiond: not a valid transition document%s"
                    (if first (concat ": " (transitiond--diagnostic-text first)) ""))))
    (plist-get result :document)))

(defun transitiond-document-spec (document)
  "Return the spec of DOCUMENT, a plist (:session :transition) of `document/check'.
The session is made with its :session as it is and the first play
is its :transition; the layouts it goes between are the session's
`layout' and the transition's `to'."
  (let* ((session (plist-get document :session))
         (transition (plist-get document :transition))
         (extra (cl-loop for (key value) on transition by #'cddr
                         unless (memq key '(:to :duration :timing :interactive))
                         append (list key value))))
    (list :document document
          :viewport (plist-get session :viewport)
          :from (plist-get session :layout)
          :to (plist-get transition :to)
          :clock (or (plist-get session :clock) "realtime")
          :fps (plist-get session :fps)
          :duration (plist-get transition :duration)
          :timing (plist-get transition :timing)
          :transition extra)))

;;;###autoload
(defun transitiond-dispose-session ()
  "Dispose of the current session."
  (interactive)
  (let ((session (transitiond--session)))
    (transitiond-request 'session/dispose
                         (list :session (transitiond-session-id session)))
    (setq transitiond-current-session nil)
    (transitiond--preview-update)))

;;;; Transitions

(defun transitiond--target (session)
  "Return the target layout of the next transition of SESSION."
  (let ((spec (transitiond-session-spec session)))
    (if (transitiond-session-at-to session)
        (transitiond--spec-get spec :from)
      (transitiond--spec-get spec :to))))

(defun transitiond--apply-status (session status)
  "Update SESSION from STATUS, a `transition/status'-like result."
  (when (plist-get status :state)
    (setf (transitiond-session-state session) (plist-get status :state)))
  (when (plist-member status :transition)
    (setf (transitiond-session-transition session) (plist-get status :transition)))
  (when (plist-get status :progress)
    (setf (transitiond-session-progress session) (plist-get status :progress)))
  (when (plist-get status :contentOffset)
    (setf (transitiond-session-content-offset session)
          (plist-get status :contentOffset)))
  (transitiond--preview-update))

(defun transitiond--start-transition (session interactive)
  "Start a transition of SESSION to its next layout; INTERACTIVE if non-nil.
Return the result of `transition/start'."
  (let* ((spec (transitiond-session-spec session))
         (params (list :session (transitiond-session-id session)
                       :to (transitiond--target session)
                       :interactive (if interactive t :json-false))))
    (unless interactive
      (when-let ((duration (transitiond--spec-get spec :duration)))
        (setq params (plist-put params :duration duration)))
      (when-let ((timing (transitiond--spec-get spec :timing)))
        (setq params (plist-put params :timing timing))))
    (let ((extra (and (not (and (plist-get spec :document)
                                (transitiond-session-at-to session)))
                      (plist-get spec :transition))))
      (while extra
        (setq params (plist-put params (car extra) (cadr extra))
              extra (cddr extra))))
    (let ((result (transitiond-request 'transition/start params)))
      (setf (transitiond-session-transition session) (plist-get result :transition)
            (transitiond-session-state session) (if interactive "paused" "running")
            (transitiond-session-progress session) 0
            (transitiond-session-ended session) nil)
      (transitiond--preview-update)
      result)))

(defun transitiond--maybe-display-preview ()
  "Display the preview when `transitiond-preview-auto-display' asks for it."
  (when transitiond-preview-auto-display
    (transitiond--preview-buffer)
    (unless (get-buffer-window transitiond-preview-buffer-name t)
      (display-buffer transitiond-preview-buffer-name))))

;;;###autoload
(defun transitiond-play (&optional interactive)
  "Animate the current session to its other layout (list -> grid, then back).
With a prefix argument (INTERACTIVE non-nil), start an interactive
transition instead: it waits at progress 0 to be scrubbed.  On a
manual clock, advance it with `transitiond-advance'."
  (interactive "P")
  (let ((session (transitiond--session)))
    (when (called-interactively-p 'any)
      (transitiond--maybe-display-preview))
    (if (transitiond--document-source session)
        ;; A document's session: the language server plays the document.
        (with-current-buffer (transitiond--document-source session)
          (if interactive
              (transitiond-document-scrub 0)
            (transitiond-document-play)))
    (prog1 (transitiond--start-transition session interactive)
      (when (and (transitiond--manual-p session)
                 (called-interactively-p 'any))
        (message "transitiond: manual clock; advance it with %s"
                 (substitute-command-keys "\\[transitiond-advance]")))))))

(defun transitiond--document-source (session)
  "The live document buffer SESSION is the preview of, or nil."
  (let ((source (transitiond-session-source session)))
    (and (buffer-live-p source) source)))

;;;###autoload
(defun transitiond-scrub (percent)
  "Move the current transition to PERCENT (0..100) of its progress.
When no transition is in flight, start an interactive one to the
session's other layout first.  On a manual clock, the clock is then
advanced by 0 seconds so that a tick shows the new progress."
  (interactive
   (list (if current-prefix-arg
             (prefix-numeric-value current-prefix-arg)
           (read-number "Progress (%): "
                        (round (* 100 (or (and transitiond-current-session
                                               (transitiond-session-progress
                                                transitiond-current-session))
                                          0)))))))
  (let* ((session (transitiond--session))
         (params (list :session (transitiond-session-id session)
                       :progress (/ (max 0.0 (min 100.0 (float percent))) 100.0))))
    (when (called-interactively-p 'any)
      (transitiond--maybe-display-preview))
    (unless (transitiond-session-transition session)
      (if (transitiond--document-source session)
          (with-current-buffer (transitiond--document-source session)
            (transitiond-document-scrub (plist-get params :progress)))
        (transitiond--start-transition session t)))
    (let ((status
           (condition-case err
               (transitiond--request-1 'transition/scrub params)
             (jsonrpc-error
              (if (eql (transitiond--error-code err)
                       (alist-get 'NoTransition transitiond-protocol-error-codes))
                  ;; It ended meanwhile: start a new one and scrub that.
                  (progn (transitiond--start-transition session t)
                         (transitiond-request 'transition/scrub params))
                (transitiond--raise err))))))
      (transitiond--apply-status session status)
      (when (transitiond--manual-p session)
        (transitiond--advance session 0))
      status)))

(defun transitiond--scrub-by (percent)
  "Scrub the current transition by PERCENT from its current progress."
  (let* ((session (transitiond--session))
         (progress (if (transitiond-session-transition session)
                       (or (transitiond-session-progress session) 0)
                     0)))
    (transitiond-scrub (+ (* 100.0 progress) percent))))

(defun transitiond-scrub-forward (&optional n)
  "Scrub forward by N times `transitiond-scrub-step' percent."
  (interactive "p")
  (transitiond--scrub-by (* (or n 1) transitiond-scrub-step)))

(defun transitiond-scrub-backward (&optional n)
  "Scrub backward by N times `transitiond-scrub-step' percent."
  (interactive "p")
  (transitiond--scrub-by (- (* (or n 1) transitiond-scrub-step))))

(defun transitiond--end-request (method)
  "Send METHOD (finish or cancel) for the current session's transition."
  (let* ((session (transitiond--session))
         (status (transitiond-request method
                                      (list :session (transitiond-session-id session)))))
    (transitiond--apply-status session status)
    status))

;;;###autoload
(defun transitiond-finish ()
  "Animate the current transition to its end."
  (interactive)
  (transitiond--end-request 'transition/finish))

;;;###autoload
(defun transitiond-cancel ()
  "Animate the current transition back to its start."
  (interactive)
  (transitiond--end-request 'transition/cancel))

;;;###autoload
(defun transitiond-cancel-in-place ()
  "Stop the current transition where it is, as the session's new layout."
  (interactive)
  (let* ((session (transitiond--session))
         (result (transitiond-request 'transition/cancelInPlace
                                      (list :session (transitiond-session-id session)))))
    (transitiond--apply-status session result)
    result))

(defun transitiond--advance (session seconds)
  "Advance the manual clock of SESSION by SECONDS; return the tick params."
  (transitiond-request 'clock/advance
                       (list :session (transitiond-session-id session)
                             :by seconds)))

;;;###autoload
(defun transitiond-advance (&optional seconds)
  "Advance the manual clock of the current session by SECONDS.
The default is one frame (1/fps).  With a numeric prefix argument,
advance by that many frames."
  (interactive
   (list (let ((fps (or (transitiond--spec-get
                          (transitiond-session-spec (transitiond--session)) :fps)
                         60)))
           (/ (prefix-numeric-value current-prefix-arg) (float fps)))))
  (let* ((session (transitiond--session))
         (fps (or (transitiond--spec-get (transitiond-session-spec session) :fps) 60)))
    (unless (transitiond--manual-p session)
      (user-error "transitiond: session %s runs on a realtime clock"
                  (transitiond-session-id session)))
    (transitiond--advance session (or seconds (/ 1.0 fps)))))

;;;###autoload
(defun transitiond-status ()
  "Show the status of the current session's transition."
  (interactive)
  (let* ((session (transitiond--session))
         (status (transitiond-request 'transition/status
                                      (list :session (transitiond-session-id session)))))
    (transitiond--apply-status session status)
    (when (called-interactively-p 'any)
      (message "transitiond: %s %s%s"
               (transitiond-session-id session)
               (plist-get status :state)
               (if (plist-get status :progress)
                   (format " at %.1f%%" (* 100 (plist-get status :progress)))
                 "")))
    status))

;;;; Notifications

(defun transitiond--session-for (params)
  "Return the known session named in notification PARAMS, or nil."
  (let ((session transitiond-current-session))
    (and session
         (equal (transitiond-session-id session) (plist-get params :session))
         session)))

(defun transitiond--on-tick (params)
  "Handle a `transition/tick' with PARAMS.
A tick of a transition other than the one that last ended is of a
new transition (another client's play, an edit of a document): the
session follows it."
  (when-let ((session (transitiond--session-for params)))
    (let ((transition (plist-get params :transition))
          (previous (transitiond-session-transition session)))
      (setf (transitiond-session-last-tick session) params
            (transitiond-session-progress session) (plist-get params :progress)
            (transitiond-session-content-offset session) (plist-get params :contentOffset))
      (when (and transition
                 (not (equal transition (transitiond-session-ended-transition session))))
        (unless (equal transition previous)
          (setf (transitiond-session-ended session) nil)
          (when (transitiond-session-followed session)
            (setf (transitiond-session-state session) "running")
            (transitiond--document-transition-changed session)))
        (setf (transitiond-session-transition session) transition))
      (when (transitiond-session-followed session)
        (transitiond--step-after-tick session params)))
    (transitiond--schedule-draw))
  (run-hook-with-args 'transitiond-tick-functions params))

(defun transitiond--on-did-end (params)
  "Handle a `transition/didEnd' with PARAMS."
  (when-let ((session (transitiond--session-for params)))
    (when (or (equal (plist-get params :transition)
                     (transitiond-session-transition session))
              ;; A followed session's transition may have begun unseen.
              (transitiond-session-followed session))
      (setf (transitiond-session-transition session) nil
            (transitiond-session-ended-transition session) (plist-get params :transition)
            (transitiond-session-state session) "idle"
            (transitiond-session-ended session) (plist-get params :reason)
            (transitiond-session-progress session) (plist-get params :progress)
            (transitiond-session-content-offset session)
            (plist-get params :contentOffset))
      (when (equal (plist-get params :reason) "finished")
        (setf (transitiond-session-at-to session)
              (not (transitiond-session-at-to session)))))
    (when (transitiond-session-followed session)
      (transitiond--step-after-did-end session params)
      (when (and (equal (plist-get params :reason) "disposed")
                 (transitiond-session-name session))
        (transitiond--resubscribe-start session)))
    (transitiond--schedule-draw))
  (run-hook-with-args 'transitiond-did-end-functions params))

(defvar transitiond--resubscribe-timer nil
  "The timer looking for a followed session's successor by its name, or nil.")

(defun transitiond--resubscribe-start (session)
  "Look for a session named as SESSION (disposed) for a few seconds; follow it.
A document whose clock, fps, encoding, precision, keepAlive or name
changed is previewed in a new session; the preview finds it by name."
  (when (timerp transitiond--resubscribe-timer)
    (cancel-timer transitiond--resubscribe-timer))
  (let ((deadline (+ (float-time) transitiond-step-search-time)))
    (setq transitiond--resubscribe-timer
          (run-at-time
           0.25 0.25
           (lambda ()
             (cond
              ((or (not (eq session transitiond-current-session))
                   (not (transitiond-running-p))
                   (> (float-time) deadline))
               (cancel-timer transitiond--resubscribe-timer)
               (setq transitiond--resubscribe-timer nil))
              ((ignore-errors
                 (transitiond-follow (transitiond-session-name session)
                                     (transitiond-session-spec session)
                                     (transitiond-session-source session)))
               (cancel-timer transitiond--resubscribe-timer)
               (setq transitiond--resubscribe-timer nil))))))))

;;;; Stepping a followed manual clock

;; A preview that follows a session on a manual clock (a document's, say)
;; steps it itself: nothing moves until someone calls clock/advance.

(defvar transitiond--step-timer nil
  "The timer stepping the followed manual session, or nil.")

(defvar transitiond--step-pending nil
  "Non-nil while a `clock/advance' of the stepper awaits its answer.")

(defvar transitiond--step-search-until 0
  "Until this `float-time', step the followed session even when it is idle.")

(defun transitiond--steppable-p (session)
  "Return non-nil when SESSION is a document preview's session on a manual clock.
A session followed by name alone is not stepped: its manual clock is the
client's that drives it (a script's deterministic time)."
  (and session
       (eq session transitiond-current-session)
       (transitiond-session-followed session)
       (transitiond-session-source session)
       (transitiond--manual-p session)
       (transitiond-running-p)))

(defun transitiond--session-fps (session)
  "The frame rate of SESSION: its spec's :fps, else 60."
  (let ((fps (transitiond--spec-get (transitiond-session-spec session) :fps)))
    (if (and (numberp fps) (> fps 0)) fps 60)))

(defun transitiond--step-start (&optional search)
  "Step the current followed manual session on a timer of 1/fps seconds.
With SEARCH, keep stepping for `transitiond-step-search-time' seconds
even while it is idle."
  (let ((session transitiond-current-session))
    (when (transitiond--steppable-p session)
      (when search
        (setq transitiond--step-search-until
              (max transitiond--step-search-until
                   (+ (float-time) transitiond-step-search-time))))
      (unless (timerp transitiond--step-timer)
        (let ((period (/ 1.0 (transitiond--session-fps session))))
          (setq transitiond--step-timer
                (run-at-time period period #'transitiond--step)))))))

(defun transitiond--step-stop ()
  "Stop stepping."
  (when (timerp transitiond--step-timer)
    (cancel-timer transitiond--step-timer))
  (setq transitiond--step-timer nil
        transitiond--step-search-until 0))

(defun transitiond--step ()
  "Advance the followed manual session by one frame, when it is due."
  (let ((session transitiond-current-session))
    (cond
     ((not (transitiond--steppable-p session)) (transitiond--step-stop))
     (transitiond--step-pending nil)
     ((or (transitiond-session-transition session)
          (< (float-time) transitiond--step-search-until))
      (setq transitiond--step-pending t)
      (jsonrpc-async-request
       transitiond--connection 'clock/advance
       (list :session (transitiond-session-id session)
             :by (/ 1.0 (transitiond--session-fps session))
             :reply "brief")
       :success-fn (lambda (_result) (setq transitiond--step-pending nil))
       :error-fn (lambda (err)
                   (setq transitiond--step-pending nil)
                   (transitiond--step-stop)
                   (message "transitiond: stepping %s: %s"
                            (transitiond-session-id session)
                            (or (plist-get err :message) err)))
       :timeout-fn (lambda () (setq transitiond--step-pending nil))
       :timeout transitiond-request-timeout))
     (t (transitiond--step-stop)))))

(defun transitiond--step-after-tick (session params)
  "Step SESSION on after its tick PARAMS; stop when the transition is held.
A tick with `fraction' 0 and `velocity' 0 is of a paused transition
(scrubbed, held at its progress): stepping shows it once and stops."
  (when (transitiond--steppable-p session)
    (if (and (numberp (plist-get params :fraction)) (= (plist-get params :fraction) 0)
             (numberp (plist-get params :velocity)) (= (plist-get params :velocity) 0))
        (transitiond--step-stop)
      (transitiond--step-start))))

(defun transitiond--step-after-did-end (session params)
  "Stop stepping SESSION at the didEnd PARAMS, unless a new transition follows."
  (when (transitiond--steppable-p session)
    (if (member (plist-get params :reason) '("cancelledInPlace" "superseded" "retargeted"))
        (transitiond--step-start t)
      (transitiond--step-stop))))

;;;; Preview

(defvar transitiond--draw-timer nil
  "The timer that draws the newest tick, or nil when none is due.")

(defun transitiond--schedule-draw ()
  "Draw the preview soon: once for all the ticks that arrive meanwhile.
Ticks can come faster than a frame is drawn (60 per second); drawing
only the newest when Emacs is next free keeps the preview current."
  (unless transitiond--draw-timer
    (setq transitiond--draw-timer
          (run-at-time 0 nil #'transitiond--draw-now))))

(defun transitiond--draw-now ()
  "Draw the preview from the newest tick, now."
  (when (timerp transitiond--draw-timer)
    (cancel-timer transitiond--draw-timer))
  (setq transitiond--draw-timer nil)
  (transitiond--preview-update)
  (force-mode-line-update t))

(defun transitiond--preview-scale ()
  "The points per cell (X . Y) the preview is drawn at.
`transitiond-preview-scale' when set; else the scale at which the
session's viewport fits the preview's window."
  (or transitiond-preview-scale
      (let* ((window (get-buffer-window transitiond-preview-buffer-name t))
             (viewport (transitiond--spec-get
                        (and transitiond-current-session
                             (transitiond-session-spec transitiond-current-session))
                        :viewport))
             (aspect (float transitiond-preview-cell-aspect)))
        (if (not window)
            '(5.0 . 15.0)
          ;; One column spare: a line as wide as the window may show a `$'.
          (let* ((cols (max 4 (1- (window-body-width window))))
                 (rows (max 4 (window-body-height window)))
                 (sx (max (/ (float (plist-get viewport :width)) cols)
                          (/ (float (plist-get viewport :height)) (* rows aspect)))))
            (cons sx (* sx aspect)))))))

(defun transitiond-frame-cells (frame offset &optional scale)
  "Return the cell rectangle (COL0 ROW0 COL1 ROW1) of FRAME, inclusive.
FRAME is a plist (:x :y :width :height) in content points, OFFSET the
contentOffset plist (:x :y) and SCALE (X . Y) points per cell
\(default `transitiond-preview-scale').  See that variable for the rule."
  (let* ((scale (or scale (transitiond--preview-scale)))
         (sx (float (car scale)))
         (sy (float (cdr scale)))
         (x (- (plist-get frame :x) (or (plist-get offset :x) 0)))
         (y (- (plist-get frame :y) (or (plist-get offset :y) 0)))
         (col0 (round (/ x sx)))
         (row0 (round (/ y sy)))
         (col1 (max (1+ col0) (1- (round (/ (+ x (plist-get frame :width)) sx)))))
         (row1 (max (1+ row0) (1- (round (/ (+ y (plist-get frame :height)) sy))))))
    (list col0 row0 col1 row1)))

(defun transitiond-preview-size (&optional viewport scale)
  "Return (COLUMNS . ROWS) of the preview of VIEWPORT at SCALE.
VIEWPORT defaults to the current session's, SCALE to
`transitiond-preview-scale'."
  (let ((viewport (or viewport
                      (transitiond--spec-get
                       (and transitiond-current-session
                            (transitiond-session-spec transitiond-current-session))
                       :viewport)))
        (scale (or scale (transitiond--preview-scale))))
    (cons (ceiling (/ (float (plist-get viewport :width)) (car scale)))
          (ceiling (/ (float (plist-get viewport :height)) (cdr scale))))))

(defun transitiond--label (attribute)
  "Return the label of ATTRIBUTE: its item number, or its kind's name."
  (let ((kind (plist-get attribute :kind))
        (section (or (plist-get attribute :section) 0))
        (item (or (plist-get attribute :item) 0)))
    (cond ((equal kind "header") (format "H%d" section))
          ((equal kind "footer") (format "F%d" section))
          ((and kind (not (equal kind "cell"))) kind)
          ((zerop section) (number-to-string item))
          (t (format "%d:%d" section item)))))

(defun transitiond--draw-order (attributes)
  "Return ATTRIBUTES (a vector) in drawing order: by zIndex, stably."
  (cl-stable-sort (append attributes nil) #'<
                  :key (lambda (a) (or (plist-get a :zIndex) 0))))

(defun transitiond--visible-attribute-p (attribute)
  "Return non-nil when ATTRIBUTE is drawn."
  (not (or (eq (plist-get attribute :hidden) t)
           (<= (or (plist-get attribute :alpha) 1) 0))))

(defun transitiond-render (attributes offset viewport &optional scale)
  "Draw ATTRIBUTES at contentOffset OFFSET in VIEWPORT; return the text.
SCALE defaults to `transitiond-preview-scale'.
Each visible attribute becomes an opaque box of box-drawing
characters at the cells of `transitiond-frame-cells', labelled with
its item number; later attributes (by zIndex) cover earlier ones.
Every character of a box has the text property `transitiond-item',
a list (KIND SECTION ITEM)."
  (let* ((scale (or scale (transitiond--preview-scale)))
         (size (transitiond-preview-size viewport scale))
         (cols (car size))
         (rows (cdr size))
         (chars (make-vector rows nil))
         (boxes nil))
    (dotimes (r rows)
      (aset chars r (make-vector cols ?\s)))
    ;; No Lisp loop per cell (`cl-fill' is compiled): this runs for every box on
    ;; every frame, also when this file is not byte-compiled.
    (dolist (attribute (transitiond--draw-order attributes))
      (when (transitiond--visible-attribute-p attribute)
        (pcase-let* ((`(,c0 ,r0 ,c1 ,r1)
                      (transitiond-frame-cells (plist-get attribute :frame)
                                               offset scale))
                     (face (if (< (or (plist-get attribute :alpha) 1) 0.5)
                               'transitiond-faint
                             'transitiond-box))
                     (r (max r0 0))
                     (rmax (min r1 (1- rows)))
                     (cmin (max c0 0))
                     (cmax (min c1 (1- cols)))
                     (label (transitiond--label attribute))
                     (label-row (if (>= (- r1 r0) 2) (1+ r0) r0))
                     (label-end (min cmax (+ c0 (min (- c1 c0 1) (length label))))))
          (when (and (<= cmin cmax) (<= r rmax))
            (push (list r rmax cmin cmax
                        (list (plist-get attribute :kind)
                              (plist-get attribute :section)
                              (plist-get attribute :item))
                        face label-row (max cmin (1+ c0)) label-end)
                  boxes))
          (while (<= r rmax)
            (let ((crow (aref chars r))
                  (edge (or (= r r0) (= r r1))))
              ;; The inside (or the edge), then the two sides.
              (cl-fill crow (if edge ?─ ?\s) :start cmin :end (1+ cmax))
              (when (= cmin c0)
                (aset crow c0 (cond ((not edge) ?│) ((= r r0) ?┌) (t ?└))))
              (when (= cmax c1)
                (aset crow c1 (cond ((not edge) ?│) ((= r r0) ?┐) (t ?┘)))))
            (setq r (1+ r)))
          (when (and (<= 0 label-row) (< label-row rows))
            (let ((c (max cmin (1+ c0))))
              (while (<= c label-end)
                (aset (aref chars label-row) c (aref label (- c c0 1)))
                (setq c (1+ c))))))))
    ;; Properties box by box, in drawing order: a later box's replace an earlier's.
    (let ((lines (make-vector rows nil)))
      (dotimes (r rows)
        (aset lines r (concat (aref chars r))))
      (dolist (box (nreverse boxes))
        (pcase-let ((`(,r0 ,r1 ,c0 ,c1 ,owner ,face ,label-row ,l0 ,l1) box))
          (let ((r r0))
            (while (<= r r1)
              (add-text-properties c0 (1+ c1) (list 'transitiond-item owner 'face face)
                                   (aref lines r))
              (setq r (1+ r))))
          (when (and (<= r0 label-row r1) (<= l0 l1))
            (put-text-property l0 (1+ l1) 'face
                               (if (eq face 'transitiond-faint) face 'transitiond-label)
                               (aref lines label-row)))))
      (mapconcat #'identity lines "\n"))))

(defun transitiond--progress-bar (progress width)
  "Return a bar of WIDTH characters showing PROGRESS (0..1)."
  (let ((filled (max 0 (min width (round (* width progress))))))
    (concat (make-string filled ?█) (make-string (- width filled) ?░))))

(defun transitiond--header-text (session)
  "Return the header line of the preview of SESSION."
  (if (null session)
      (cond ((transitiond-running-p)
             " transitiond: no session (M-x transitiond-create-session)")
            (transitiond-last-exit
             (format " transitiond %s" (plist-get transitiond-last-exit :status)))
            (t " transitiond: not running (M-x transitiond-create-session)"))
    (let* ((tick (transitiond-session-last-tick session))
           (progress (or (transitiond-session-progress session) 0))
           (transition (transitiond-session-transition session))
           (ended (transitiond-session-ended session)))
      (concat
       (format " %s %s " (transitiond-session-id session)
               (cond (transition (format "%s %s" transition
                                         (transitiond-session-state session)))
                     (ended (format "ended: %s" ended))
                     (t "idle")))
       (transitiond--progress-bar progress 20)
       (format " %5.1f%%" (* 100.0 progress))
       (if (plist-get tick :seq) (format "  seq %d" (plist-get tick :seq)) "")
       (substitute-command-keys
        (concat "  \\<transitiond-preview-mode-map>\\[transitiond-scrub-backward]/"
                "\\[transitiond-scrub-forward] scrub  "
                "\\[transitiond-finish] finish  "
                "\\[transitiond-cancel] cancel  "
                "\\[transitiond-cancel-in-place] in place  "
                "\\[transitiond-play] play  "
                "\\[quit-window] quit"))))))

(defvar-local transitiond--preview-tick nil
  "The tick (or attributes) the preview buffer shows.")

(defvar-local transitiond--preview-drawn-scale nil
  "The scale the preview buffer was drawn at.")

(defun transitiond--preview-draw (session)
  "Redraw the preview in the current buffer from SESSION."
  (let* ((tick (and session (transitiond-session-last-tick session)))
         (scale (and session (transitiond--preview-scale)))
         (inhibit-read-only t)
         (line (line-number-at-pos))
         (column (current-column)))
    (unless (and (eq tick transitiond--preview-tick)
                 (equal scale transitiond--preview-drawn-scale)
                 (or session (null transitiond-last-exit)))
      (setq transitiond--preview-tick tick
            transitiond--preview-drawn-scale scale)
      (erase-buffer)
      (when tick
        (insert (transitiond-render
                 (plist-get tick :attributes)
                 (plist-get tick :contentOffset)
                 (transitiond--spec-get (transitiond-session-spec session)
                                        :viewport)
                 scale)))
      (when (and (null session) transitiond-last-exit)
        (insert (transitiond--exit-text transitiond-last-exit)))
      (goto-char (point-min))
      (forward-line (1- line))
      (move-to-column column)
      ;; A canvas that fits its window is shown from its top.
      (dolist (window (get-buffer-window-list (current-buffer) nil t))
        (when (<= (count-lines (point-min) (point-max)) (window-body-height window))
          (set-window-start window (point-min) t))))
    (setq header-line-format
          (string-replace "%" "%%" (transitiond--header-text session)))
    (force-mode-line-update)))

(defun transitiond--exit-text (exit)
  "The text the preview shows after the daemon died as EXIT describes."
  (concat (format "transitiond %s\n" (plist-get exit :status))
          (if (plist-get exit :stderr)
              (concat "stderr:\n"
                      (mapconcat (lambda (l) (concat "  " l)) (plist-get exit :stderr) "\n")
                      "\n")
            "")
          (format "log: %s\n" (plist-get exit :log))
          (substitute-command-keys
           (concat "\\<transitiond-preview-mode-map>\\[transitiond-play] or "
                   "\\[transitiond-scrub-forward] starts it again with the last spec\n"))))

(defun transitiond--preview-resized (&rest _)
  "Redraw the preview at the scale of its window's new size."
  (transitiond--preview-update))

(defun transitiond--preview-update ()
  "Redraw the preview buffer, when there is one."
  (when-let ((buffer (get-buffer transitiond-preview-buffer-name)))
    (with-current-buffer buffer
      (transitiond--preview-draw transitiond-current-session))))

(defun transitiond--fetch-attributes (session)
  "Make SESSION's last tick the attributes of its current layout."
  (let ((result (transitiond-request
                 'layout/attributes
                 (list :session (transitiond-session-id session)))))
    (setf (transitiond-session-last-tick session)
          (list :session (transitiond-session-id session)
                :contentOffset (plist-get result :contentOffset)
                :attributes (plist-get result :attributes))
          (transitiond-session-content-offset session)
          (plist-get result :contentOffset))))

(defun transitiond-preview-refresh (&rest _)
  "Redraw the preview from the session's current layout."
  (interactive)
  (when-let ((session transitiond-current-session))
    (unless (transitiond-session-transition session)
      (transitiond--fetch-attributes session)))
  (transitiond--preview-update))

(defvar transitiond-preview-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map "h" #'transitiond-scrub-backward)
    (define-key map "l" #'transitiond-scrub-forward)
    (define-key map "f" #'transitiond-finish)
    (define-key map "c" #'transitiond-cancel)
    (define-key map " " #'transitiond-cancel-in-place)
    (define-key map "p" #'transitiond-play)
    (define-key map "i" #'transitiond-scrub)
    (define-key map "n" #'transitiond-advance)
    (define-key map "s" #'transitiond-status)
    (define-key map "e" #'transitiond-set-easing)
    (define-key map "d" #'transitiond-set-duration)
    (define-key map "q" #'quit-window)
    map)
  "Keymap of `transitiond-preview-mode'.")

(define-derived-mode transitiond-preview-mode special-mode "Transitiond"
  "Live preview of the current transitiond session.
Every `transition/tick' redraws the visible items as boxes, scaled by
`transitiond-preview-scale' and labelled with their item numbers; the
header line shows the transition's progress.

\\{transitiond-preview-mode-map}"
  (setq-local truncate-lines t)
  (setq-local revert-buffer-function #'transitiond-preview-refresh)
  (add-hook 'window-size-change-functions #'transitiond--preview-resized nil t)
  (buffer-disable-undo))

(defun transitiond--preview-buffer ()
  "Return the preview buffer, creating it if needed."
  (or (get-buffer transitiond-preview-buffer-name)
      (with-current-buffer (get-buffer-create transitiond-preview-buffer-name)
        (transitiond-preview-mode)
        (let ((session transitiond-current-session))
          (when (and session (null (transitiond-session-last-tick session)))
            (ignore-errors (transitiond--fetch-attributes session)))
          (transitiond--preview-draw session))
        (current-buffer))))

;;;###autoload
(defun transitiond-preview ()
  "Show the live preview of the current session in `*transitiond-preview*'."
  (interactive)
  (let ((buffer (transitiond--preview-buffer)))
    (when-let ((session transitiond-current-session))
      (unless (transitiond-session-last-tick session)
        (transitiond--fetch-attributes session)))
    (transitiond--preview-update)
    (pop-to-buffer buffer)
    buffer))

;;;; Transition documents and eglot

;; eglot is loaded when it is asked for, not with this package.
(defvar eglot-server-programs)
(defvar eglot-send-changes-idle-time)
(declare-function eglot-current-server "eglot")
(declare-function eglot--path-to-uri "eglot")
(declare-function eglot--signal-textDocument/didChange "eglot")
(declare-function eglot-execute-command "eglot")

(defvar transitiond-document-commands-mode-map
  (let ((map (make-sparse-keymap))
        (prefix (make-sparse-keymap)))
    (define-key prefix "p" #'transitiond-document-play)
    (define-key prefix "s" #'transitiond-document-scrub)
    (define-key prefix "k" #'transitiond-document-stop)
    (define-key prefix "v" #'transitiond-document-preview)
    (define-key prefix "c" #'transitiond-create-session-from-buffer)
    (define-key map (kbd "C-c C-t") prefix)
    map)
  "Keymap of `transitiond-document-commands-mode'.")

;;;###autoload
(define-minor-mode transitiond-document-commands-mode
  "Keys for the preview of a transition document, through its language server.
\\<transitiond-document-commands-mode-map>
\\[transitiond-document-play]   play the document's transition
\\[transitiond-document-scrub]   scrub it (hold it at a progress, 0.5 by default)
\\[transitiond-document-stop]   stop its preview (the session is disposed)
\\[transitiond-document-preview]   show the preview buffer following the document's session
\\[transitiond-create-session-from-buffer]   a session of this package's own from the document

\\{transitiond-document-commands-mode-map}"
  :lighter nil
  :keymap transitiond-document-commands-mode-map)

;;;###autoload
(define-derived-mode transitiond-document-mode js-mode "Transition"
  "Major mode for transition documents (NAME.transition.json).
Eglot runs the daemon's language server for them (see
`transitiond-eglot-setup'): its diagnostics, completion, hover and
the commands `transitiond.play', `transitiond.scrub' and
`transitiond.stop'.  `transitiond-document-commands-mode' (on here)
binds them:
\\<transitiond-document-commands-mode-map>
\\[transitiond-document-play] play, \\[transitiond-document-scrub] scrub, \\[transitiond-document-stop] stop, \
\\[transitiond-document-preview] the preview."
  (setq-local js-indent-level 2)
  (transitiond-document-commands-mode 1))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.transition\\.json\\'" . transitiond-document-mode))

;;;###autoload
(defun transitiond-eglot-contact (&optional _interactive)
  "Return the command line eglot starts for a transition document.
With `transitiond-shared' (the default) `transitiond --remote=auto',
the per-user shared daemon, else `transitiond --stdio', a private
one; `transitiond-program-args' follow."
  (append (transitiond--command) (transitiond--mode-args) transitiond-program-args))

;;;###autoload
(defun transitiond-eglot-setup ()
  "Have eglot use the daemon's language server for transition documents.
The checks are the daemon's own (the same as its methods make), so
the package makes none of its own.  The server runs through the
shared daemon unless `transitiond-shared' is nil."
  (require 'eglot)
  (add-to-list 'eglot-server-programs
               '(transitiond-document-mode . transitiond-eglot-contact)))

(defun transitiond-document-session-name (&optional buffer)
  "The name of the session the language server previews BUFFER's document in.
The document's `session.name', else `transition:' and the file name
without `.transition.json'."
  (with-current-buffer (or buffer (current-buffer))
    (let* ((document (ignore-errors
                       (json-parse-string
                        (buffer-substring-no-properties (point-min) (point-max))
                        :object-type 'plist :null-object nil :false-object nil)))
           (name (and (listp document)
                      (plist-get (plist-get document :session) :name))))
      (if (and (stringp name) (not (string-empty-p name)))
          name
        (concat "transition:"
                (replace-regexp-in-string
                 "\\.transition\\.json\\'" ""
                 (file-name-nondirectory (or (buffer-file-name) (buffer-name)))))))))

(defun transitiond--document-execute (command &rest arguments)
  "Run the language server's `transitiond.COMMAND' on the current document.
ARGUMENTS follow the document's URI.  The buffer's pending changes
are sent first, so the command sees the text as it is.  A failure is
a `user-error' \"transitiond: WHY\"."
  (unless (buffer-file-name)
    (user-error "transitiond: this buffer visits no file"))
  (let ((server (and (fboundp 'eglot-current-server) (eglot-current-server))))
    (unless (and server (jsonrpc-running-p server))
      (user-error "transitiond: no language server for this buffer \
(the daemon is not running); start it with M-x eglot"))
    (when (fboundp 'eglot--signal-textDocument/didChange)
      (eglot--signal-textDocument/didChange))
    (condition-case err
        (eglot-execute-command server (concat "transitiond." command)
                               (vconcat (list (eglot--path-to-uri (buffer-file-name)))
                                        arguments))
      (jsonrpc-error
       (transitiond--raise err))
      (error
       (user-error "transitiond: the language server did not answer %s: %s"
                   command (error-message-string err))))))

(defun transitiond--clock-text (result)
  "\"manual clock\" or \"realtime clock\", from RESULT of a document command."
  (format "%s clock" (or (plist-get result :clock) "realtime")))

(defun transitiond--document-played (result)
  "After a play or scrub answered RESULT: follow its session in the preview anew.
When the preview follows this document's session by name and the
session is another one now (it was stopped, or made anew), it
subscribes to the new one; a manual clock is stepped."
  (let ((session transitiond-current-session))
    (when (and session (transitiond-session-followed session)
               (equal (transitiond-session-name session) (plist-get result :name)))
      (if (equal (transitiond-session-id session) (plist-get result :session))
          (transitiond--step-start t)
        (transitiond-follow (plist-get result :name)
                            (transitiond-session-spec session)
                            (transitiond-session-source session))))))

;;;###autoload
(defun transitiond-document-play ()
  "Play the current document's transition through its language server.
The daemon plays it in the session named by the document (see
`transitiond-document-session-name'), which the preview
\(`transitiond-document-preview'), `transitiond-follow' and
`transitionctl --shared sessions' see.  Say what was played in the
echo area; return the daemon's answer."
  (interactive)
  (let* ((result (transitiond--document-execute "play"))
         (text (format "transitiond: playing %s (%s, %s, %s s, %s)"
                       (plist-get result :name) (plist-get result :session)
                       (plist-get result :transition)
                       (transitiond--number (plist-get result :duration))
                       (transitiond--clock-text result))))
    (message "%s" text)
    (transitiond--document-played result)
    result))

(defun transitiond--number (number)
  "NUMBER as short text: 0.4, 2, 0.125."
  (cond ((not (numberp number)) "?")
        ((= number (round number)) (number-to-string (round number)))
        (t (format "%g" number))))

;;;###autoload
(defun transitiond-document-scrub (progress)
  "Hold the current document's transition at PROGRESS (0..1, default 0.5).
Interactively, prompt for it (a numeric prefix argument is a percentage).
Say what was done in the echo area; return the daemon's answer."
  (interactive
   (list (if current-prefix-arg
             (/ (prefix-numeric-value current-prefix-arg) 100.0)
           (read-number "Scrub to progress (0..1): " 0.5))))
  (let* ((result (transitiond--document-execute "scrub" progress))
         (text (format "transitiond: holding %s at %s%% (%s, %s, %s)"
                       (plist-get result :name)
                       (transitiond--number (* 100 (or (plist-get result :progress) progress)))
                       (plist-get result :session) (plist-get result :transition)
                       (transitiond--clock-text result))))
    (message "%s" text)
    (transitiond--document-played result)
    result))

;;;###autoload
(defun transitiond-document-stop ()
  "Stop the current document's preview: its session is disposed, its name free.
Say so in the echo area; return nil."
  (interactive)
  (let ((name (transitiond-document-session-name)))
    (transitiond--document-execute "stop")
    (message "transitiond: stopped %s" name)
    nil))

(defun transitiond-document-command (command &optional progress)
  "Run COMMAND (play, scrub or stop) on the current document's preview.
Scrub holds it at PROGRESS (0.5 when nil).  Return the daemon's answer.
See `transitiond-document-play', `transitiond-document-scrub' and
`transitiond-document-stop'."
  (interactive (list (completing-read "Command: " '("play" "scrub" "stop") nil t)))
  (pcase command
    ("play" (transitiond-document-play))
    ("scrub" (transitiond-document-scrub (or progress 0.5)))
    ("stop" (transitiond-document-stop))
    (_ (user-error "transitiond: unknown command %s (play, scrub or stop)" command))))

(defun transitiond--document-viewport (buffer)
  "The `session.viewport' of the document in BUFFER, read by the daemon, or nil."
  (when (buffer-live-p buffer)
    (let ((result (ignore-errors
                    (transitiond--request-1
                     'document/check
                     (list :text (with-current-buffer buffer
                                   (buffer-substring-no-properties (point-min) (point-max))))))))
      (plist-get (plist-get (plist-get result :document) :session) :viewport))))

(defun transitiond--document-transition-changed (session)
  "SESSION, a document preview, shows a new transition: read its viewport again.
An edit may have changed it; it is read from the document (later,
not in the process filter)."
  (when (buffer-live-p (transitiond-session-source session))
    (run-at-time
     0 nil
     (lambda ()
       (when (eq session transitiond-current-session)
         (let ((viewport (transitiond--document-viewport (transitiond-session-source session))))
           (when (and viewport
                      (not (equal viewport (plist-get (transitiond-session-spec session)
                                                      :viewport))))
             (setf (transitiond-session-spec session)
                   (plist-put (copy-sequence (transitiond-session-spec session))
                              :viewport viewport))
             (transitiond--preview-update))))))))

(defun transitiond--document-edited (&rest _)
  "After an edit of a previewed document: step a manual session to find the replay."
  (let ((session transitiond-current-session))
    (when (and session (eq (transitiond-session-source session) (current-buffer)))
      (let ((transitiond-step-search-time
             (+ transitiond-step-search-time
                (if (boundp 'eglot-send-changes-idle-time) eglot-send-changes-idle-time 0))))
        (transitiond--step-start t)))))

;;;###autoload
(defun transitiond-document-preview ()
  "Show the preview buffer following the current document's session.
The package's own client subscribes to the session by its name
\(`transitiond-document-session-name') on the shared daemon, the one
the language server plays the document in; when there is none yet,
the document is played first (`transitiond-document-play').  The
preview follows the session, not one transition: after an edit
replays the document in place, the new transition's ticks are drawn
in the same buffer.  On a manual clock the preview steps the session
\(`clock/advance' by 1/fps while a transition is in flight).  Needs
`transitiond-shared'.  Return the session."
  (interactive)
  (unless transitiond-shared
    (user-error "transitiond: the document preview follows the language server's \
session on the shared daemon; set `transitiond-shared' to t"))
  (let* ((source (current-buffer))
         (name (transitiond-document-session-name))
         (viewport (progn (transitiond-start)
                          (transitiond--document-viewport source)))
         (spec (list :viewport (or viewport
                                   (transitiond--spec-get nil :viewport))))
         (session
          (condition-case err
              (transitiond-follow name spec source)
            (user-error
             (if (eql (plist-get transitiond-last-error :code)
                      (alist-get 'UnknownSession transitiond-protocol-error-codes))
                 (progn (transitiond-document-play)
                        (transitiond-follow name spec source))
               (signal (car err) (cdr err)))))))
    (add-hook 'after-change-functions #'transitiond--document-edited nil t)
    (when (called-interactively-p 'any)
      (message "transitiond: following %s (%s, %s clock)" name
               (transitiond-session-id session)
               (transitiond--spec-get (transitiond-session-spec session) :clock)))
    (let ((buffer (transitiond--preview-buffer)))
      (unless (transitiond-session-last-tick session)
        (ignore-errors (transitiond--fetch-attributes session)))
      (transitiond--preview-update)
      (if (called-interactively-p 'any)
          (display-buffer buffer)
        (unless (get-buffer-window buffer t) (display-buffer buffer))))
    session))

(provide 'transitiond)
;;; transitiond.el ends here
