;;; transitiond-test.el --- ERT tests of transitiond.el against the daemon  -*- lexical-binding: t; -*-

;;; Commentary:

;; These tests drive the real daemon.  It is found from the environment
;; variable TRANSITIOND, which defaults to <repo>/.build/debug/transitiond.
;; Run them with Clients/emacs/test/run.sh.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'transitiond)

(defconst transitiond-test--repo
  (expand-file-name "../../.." (file-name-directory
                                (or load-file-name buffer-file-name)))
  "The root of the repository.")

(let ((env (getenv "TRANSITIOND")))
  (when (or (null env) (string-empty-p env))
    (setenv "TRANSITIOND"
            (expand-file-name ".build/debug/transitiond" transitiond-test--repo))))

(defconst transitiond-test--spec
  (append '(:clock "manual") transitiond-default-spec)
  "The list -> grid demo on a manual clock.")

(defvar transitiond-test--ticks nil
  "(TICK . PREVIEW-TEXT) pairs received, newest first.")

(defvar transitiond-test--ends nil
  "didEnd params received, newest first.")

(defun transitiond-test--record-tick (params)
  "Record the tick PARAMS (the preview draws it later, on a timer)."
  (push (list params) transitiond-test--ticks))

(defun transitiond-test--drawn (tick)
  "Wait until the preview shows TICK; return (TICK TEXT HEADER).
The preview draws the newest tick on a timer, so this waits for it."
  (with-current-buffer transitiond-preview-buffer-name
    (should (transitiond-test--wait-until
             (lambda () (eq transitiond--preview-tick tick))))
    (list tick (buffer-string) (transitiond-test--header))))

(defun transitiond-test--record-end (params)
  "Record the didEnd PARAMS."
  (push params transitiond-test--ends))

(defun transitiond-test--header (&optional buffer)
  "The header line of BUFFER (default: current) as displayed.
`format-mode-line' gives \"\" in batch mode, so the string is read
and its %-escapes undone here."
  (with-current-buffer (or buffer (current-buffer))
    (should (stringp header-line-format))
    (string-replace "%%" "%" header-line-format)))

(defun transitiond-test--wait-until (predicate &optional seconds)
  "Process daemon output until PREDICATE holds or SECONDS (default 5) pass.
Return the value of PREDICATE."
  (let ((deadline (+ (float-time) (or seconds 5)))
        value)
    (while (and (not (setq value (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.02))
    value))

(defun transitiond-test--pid-alive-p (pid)
  "Return non-nil when `kill -0 PID' succeeds."
  (zerop (call-process "kill" nil nil nil "-0" (number-to-string pid))))

(defmacro transitiond-test--with-daemon (&rest body)
  "Run BODY with fresh state, the recording hooks, and the daemon stopped after."
  (declare (indent 0) (debug t))
  `(let ((transitiond-test--ticks nil)
         (transitiond-test--ends nil)
         (transitiond-program nil)
         (transitiond-shared nil)
         (transitiond-last-exit nil)
         (transitiond--last-spec nil)
         (transitiond-log-file (make-temp-file "transitiond-test-log"))
         (transitiond-preview-scale '(5.0 . 15.0))
         (transitiond-tick-functions (list #'transitiond-test--record-tick))
         (transitiond-did-end-functions (list #'transitiond-test--record-end)))
     (unwind-protect
         (progn
           (should (file-executable-p (getenv "TRANSITIOND")))
           ,@body)
       (transitiond-stop)
       (delete-file transitiond-log-file)
       (delete-other-windows)
       (when (get-buffer transitiond-preview-buffer-name)
         (kill-buffer transitiond-preview-buffer-name)))))

;;;; Checking the preview against a tick

(defun transitiond-test--cells (frame offset scale)
  "The inclusive cell rectangle of FRAME at OFFSET and SCALE, computed here."
  (let* ((x (- (plist-get frame :x) (plist-get offset :x)))
         (y (- (plist-get frame :y) (plist-get offset :y)))
         (c0 (round (/ x (car scale))))
         (r0 (round (/ y (cdr scale)))))
    (list c0 r0
          (max (1+ c0) (1- (round (/ (+ x (plist-get frame :width)) (car scale)))))
          (max (1+ r0) (1- (round (/ (+ y (plist-get frame :height)) (cdr scale))))))))

(defun transitiond-test--expected-char (rect row col)
  "The border character of RECT at ROW, COL, or nil inside it."
  (let ((c0 (nth 0 rect)) (r0 (nth 1 rect)) (c1 (nth 2 rect)) (r1 (nth 3 rect)))
    (cond ((and (= row r0) (= col c0)) ?┌)
          ((and (= row r0) (= col c1)) ?┐)
          ((and (= row r1) (= col c0)) ?└)
          ((and (= row r1) (= col c1)) ?┘)
          ((or (= row r0) (= row r1)) ?─)
          ((or (= col c0) (= col c1)) ?│))))

(defun transitiond-test--covered-p (rects row col)
  "Non-nil when ROW, COL is inside one of RECTS (borders included)."
  (let (found)
    (while (and rects (not found))
      (let ((rect (car rects)))
        (setq found (and (<= (nth 1 rect) row (nth 3 rect))
                         (<= (nth 0 rect) col (nth 2 rect)))
              rects (cdr rects))))
    found))

(defun transitiond-test--check-preview (tick text)
  "Check that the preview TEXT shows TICK; return the items checked whole.
For every visible item, each cell of its rectangle that no later item
covers holds the right border character (or its label) and belongs to
the item; every other cell is blank.  The rectangles are computed here
from the tick's frames minus its contentOffset."
  (let* ((scale transitiond-preview-scale)
         (lines (vconcat (split-string text "\n")))
         (rows (length lines))
         (cols (length (aref lines 0)))
         (mismatches nil)
         (offset (plist-get tick :contentOffset))
         (items (cl-remove-if
                 (lambda (a) (or (eq (plist-get a :hidden) t)
                                 (<= (plist-get a :alpha) 0)))
                 (cl-stable-sort (append (plist-get tick :attributes) nil) #'<
                                 :key (lambda (a) (plist-get a :zIndex)))))
         (rects (mapcar (lambda (a) (transitiond-test--cells
                                     (plist-get a :frame) offset scale))
                        items))
         (whole 0))
    (should (equal (cons cols rows)
                   (cons (ceiling (/ 375.0 (car scale)))
                         (ceiling (/ 667.0 (cdr scale))))))
    (should (cl-every (lambda (line) (= (length line) cols)) lines))
    (cl-loop
     for (item . later) on items
     for (rect . later-rects) on rects
     for label = (number-to-string (plist-get item :item))
     for owner = (list "cell" (plist-get item :section) (plist-get item :item))
     do (pcase-let* ((`(,c0 ,r0 ,c1 ,r1) rect)
                     (label-row (if (>= (- r1 r0) 2) (1+ r0) r0))
                     (label-end (+ c0 1 (min (length label) (- c1 c0 1))))
                     (covered-any nil)
                     (clipped (or (< c0 0) (< r0 0) (>= c1 cols) (>= r1 rows))))
          (ignore later)
          (cl-loop
           for row from (max r0 0) to (min r1 (1- rows)) do
           (cl-loop
            for col from (max c0 0) to (min c1 (1- cols))
            for covered = (transitiond-test--covered-p later-rects row col)
            do (if covered
                   (setq covered-any t)
                 (let ((char (aref (aref lines row) col))
                       (expected (if (and (= row label-row) (< c0 col label-end))
                                     (aref label (- col c0 1))
                                   (or (transitiond-test--expected-char rect row col)
                                       ?\s))))
                   (unless (and (eq char expected)
                                (equal (get-text-property col 'transitiond-item
                                                          (aref lines row))
                                       owner))
                     (push (list :item (plist-get item :item) :row row :col col
                                 :char (string char) :expected (string expected))
                           mismatches))))))
          (unless (or covered-any clipped)
            (setq whole (1+ whole)))))
    ;; Cells outside every rectangle are blank and belong to no item.
    (dotimes (row rows)
      (dotimes (col cols)
        (unless (or (transitiond-test--covered-p rects row col)
                    (and (eq (aref (aref lines row) col) ?\s)
                         (null (get-text-property col 'transitiond-item
                                                  (aref lines row)))))
          (push (list :item nil :row row :col col
                      :char (string (aref (aref lines row) col)) :expected " ")
                mismatches))))
    (should (equal (reverse mismatches) nil))
    whole))

;;;; Tests

(ert-deftest transitiond-test-frame-cells ()
  "Frames map to cell rectangles: minus contentOffset, scaled, at least 2x2."
  (should (equal (transitiond-frame-cells '(:x 0 :y 60 :width 375 :height 60)
                                          '(:x 0 :y 0) '(5.0 . 15.0))
                 '(0 4 74 7)))
  (should (equal (transitiond-frame-cells '(:x 10 :y 1010 :width 172.5 :height 172.5)
                                          '(:x 0 :y 1000) '(5.0 . 15.0))
                 '(2 1 35 11)))
  (should (equal (transitiond-frame-cells '(:x 0 :y 0 :width 1 :height 1)
                                          '(:x 0 :y 0) '(5.0 . 15.0))
                 '(0 0 1 1))))

(ert-deftest transitiond-test-list-to-grid-cancel-in-place ()
  "Preview, list -> grid, scrub, cancel in place; then no daemon is left."
  (let (process pid drawn)
    (transitiond-test--with-daemon
      (transitiond-start)
      (setq process transitiond--process
            pid (process-id process))
      (should (process-live-p process))
      (should (member (format "%d" (emacs-pid)) (process-command process)))
      (should (memq #'transitiond--kill-emacs-hook kill-emacs-hook))
      ;; Ticks of several kilobytes, 60 a second: read in large chunks.
      (should (>= read-process-output-max transitiond-read-process-output-max))
      (let ((session (transitiond-create-session transitiond-test--spec)))
        (should (equal (transitiond-session-id session) "s1"))
        ;; The preview first shows the list as it is.
        (with-current-buffer (transitiond-preview)
          (should (eq major-mode 'transitiond-preview-mode))
          (should (>= (transitiond-test--check-preview
                       (transitiond-session-last-tick session) (buffer-string))
                      10))
          (should (string-match-p "s1 idle" (transitiond-test--header))))
        ;; Scrubbing with no transition in flight starts an interactive one.
        (transitiond-scrub 30)
        (should (= (length transitiond-test--ticks) 1)) ; sent before the reply
        (push (transitiond-test--drawn (caar transitiond-test--ticks)) drawn)
        (should (equal (transitiond-session-transition session) "t1"))
        (should (equal (transitiond-session-state session) "paused"))
        ;; The keys of the preview scrub by 5%; each tick is drawn.
        (dolist (key '("l" "l" "h"))
          (with-current-buffer transitiond-preview-buffer-name
            (call-interactively (key-binding key)))
          (push (transitiond-test--drawn (caar transitiond-test--ticks)) drawn))
        (should (equal (mapcar (lambda (tick) (plist-get (car tick) :progress))
                               (reverse transitiond-test--ticks))
                       '(0.3 0.35 0.4 0.35)))
        ;; Cancel in place with the SPC key.
        (with-current-buffer transitiond-preview-buffer-name
          (call-interactively (key-binding " ")))
        (should (transitiond-test--wait-until (lambda () transitiond-test--ends)))
        ;; A later clock advance brings no second didEnd and no tick: what a
        ;; request causes comes before its reply (Protocol/README.md, 3.5).
        (should (equal (plist-get (transitiond-advance 0.5) :state) "idle"))
        (should (= (length transitiond-test--ends) 1))
        (let ((end (car transitiond-test--ends)))
          (should (equal (plist-get end :reason) "cancelledInPlace"))
          (should (equal (plist-get end :transition) "t1"))
          (should (equal (plist-get end :session) "s1"))
          (should (= (plist-get end :progress) 0.35)))
        (should (= (length transitiond-test--ticks) 4))
        (should (null (transitiond-session-transition session)))
        ;; Every tick was drawn: the preview text recorded with it shows it.
        (should (= (length drawn) 4))
        (dolist (entry drawn)
          (let ((tick (car entry)))
            (should (equal (plist-get tick :transition) "t1"))
            (should (>= (transitiond-test--check-preview tick (cadr entry)) 3))
            (should (string-match-p
                     (regexp-quote (format "%5.1f%%" (* 100 (plist-get tick :progress))))
                     (caddr entry)))))
        ;; The buffer still shows the last tick, and the header the end.
        (transitiond--draw-now)
        (with-current-buffer transitiond-preview-buffer-name
          (transitiond-test--check-preview (caar transitiond-test--ticks)
                                           (buffer-string))
          (should (string-match-p "ended: cancelledInPlace  *.* 35\\.0%"
                                  (transitiond-test--header)))))
      (transitiond-stop)
      ;; Still exactly one didEnd: stopping ends nothing more.
      (should (= (length transitiond-test--ends) 1))
      (should-not (process-live-p process))
      (should-not (transitiond-running-p))
      (should-not (transitiond-test--pid-alive-p pid)))
    (should-not (process-live-p process))
    (should-not (transitiond-test--pid-alive-p pid))))

(ert-deftest transitiond-test-daemon-errors-are-user-errors ()
  "Daemon errors become \"transitiond: MESSAGE\" user errors, never a backtrace."
  (transitiond-test--with-daemon
    (let ((session (transitiond-create-session transitiond-test--spec))
          (debugged nil))
      ;; No transition in flight: the preview's `f' key.
      (with-current-buffer (transitiond-preview)
        (let ((err (should-error (call-interactively (key-binding "f"))
                                 :type 'user-error)))
          (should (string-prefix-p "transitiond: " (error-message-string err)))
          (should (string-match-p "No transition is in flight"
                                  (error-message-string err)))
          (should (eql (plist-get transitiond-last-error :code) -32011))))
      ;; An unknown session, run as a command with `debug-on-error' set:
      ;; the debugger (a backtrace) is never entered.
      (setf (transitiond-session-id session) "nope")
      (let* ((debug-on-error t)
             (debugger (lambda (&rest _) (setq debugged t) (throw 'debugged nil)))
             (err (catch 'debugged
                    (condition-case err
                        (progn (command-execute #'transitiond-cancel-in-place) nil)
                      (user-error err)))))
        (should-not debugged)
        (should (eq (car err) 'user-error))
        (should (string-match-p "\\`transitiond: No session 'nope'"
                                (error-message-string err)))
        (should (eql (plist-get transitiond-last-error :code) -32010)))
      ;; Invalid params name the field.
      (let ((err (should-error
                  (transitiond-create-session
                   (append '(:viewport (:width -1 :height 667)) transitiond-test--spec))
                  :type 'user-error)))
        (should (string-match-p "\\`transitiond: .*params\\.viewport\\.width"
                                (error-message-string err))))
      ;; The daemon is still fine afterwards.
      (should (transitiond-running-p))
      (should (transitiond-create-session transitiond-test--spec)))))

(ert-deftest transitiond-test-socket ()
  "With `transitiond-socket', connect to a listening daemon and leave it running."
  (let* ((dir (make-temp-file "transitiond-test" t))
         (socket (expand-file-name "s.sock" dir))
         (listener (make-process :name "transitiond-listener"
                                 :command (list (getenv "TRANSITIOND")
                                                "--listen" socket
                                                "--log-file" (expand-file-name "log" dir))
                                 :noquery t)))
    (unwind-protect
        (transitiond-test--with-daemon
          (should (transitiond-test--wait-until (lambda () (file-exists-p socket))))
          (let ((transitiond-socket socket))
            (transitiond-start)
            (should (eq (process-type transitiond--process) 'network))
            (transitiond-create-session transitiond-test--spec)
            (transitiond-preview)
            (transitiond-scrub 50)
            (should transitiond-test--ticks) ; sent before the reply
            (let ((drawn (transitiond-test--drawn (caar transitiond-test--ticks))))
              (transitiond-test--check-preview (car drawn) (cadr drawn)))
            (transitiond-stop)
            ;; Stopping disposed of the session: its transition ended.
            (should (equal (mapcar (lambda (end) (plist-get end :reason))
                                   transitiond-test--ends)
                           '("disposed")))
            (should-not (transitiond-running-p))
            (should (process-live-p listener))))
      (delete-process listener)
      (delete-directory dir t))))

(ert-deftest transitiond-test-missing-daemon-is-user-error ()
  "A daemon that cannot be found is a user error."
  (let ((transitiond-program "/nonexistent/transitiond"))
    (should-error (transitiond-start) :type 'user-error)
    (should-not (transitiond-running-p))))

(ert-deftest transitiond-test-no-daemon-outlives-emacs ()
  "A child Emacs that starts the daemon and exits leaves no daemon behind."
  (let* ((emacs (expand-file-name invocation-name invocation-directory))
         (lisp (file-name-directory (locate-library "transitiond")))
         (output
          (with-output-to-string
            (with-current-buffer standard-output
              (call-process emacs nil t nil "--batch" "-Q" "-L" lisp
                            "--eval"
                            (concat "(progn (require 'transitiond)"
                                    " (setq transitiond-shared nil)"
                                    " (transitiond-start)"
                                    " (princ (format \"pid=%d\\n\""
                                    " (process-id transitiond--process))))")))))
         (pid (and (string-match "pid=\\([0-9]+\\)" output)
                   (string-to-number (match-string 1 output)))))
    (should pid)
    (should (transitiond-test--wait-until
             (lambda () (not (transitiond-test--pid-alive-p pid))) 3))))

(ert-deftest transitiond-test-daemon-on-node ()
  "The daemon on Node, as `transitiond-program' (\"node\" SCRIPT): play and stop.
Clients/web/bin/transitiond.mjs is the service compiled to WebAssembly;
`bash scripts/build-wasm.sh' builds its module."
  (let ((host (expand-file-name "Clients/web/bin/transitiond.mjs" transitiond-test--repo))
        process pid)
    (should (file-exists-p (expand-file-name "Clients/web/transitiond.wasm"
                                             transitiond-test--repo)))
    (should (executable-find "node"))
    (transitiond-test--with-daemon
      (let ((transitiond-program (list "node" host)))
        (transitiond-start)
        (setq process transitiond--process
              pid (process-id process))
        ;; Node runs the script; the daemon's arguments follow it.
        (should (equal (process-command process)
                       (list (executable-find "node") host "--stdio" "--clientProcessId"
                             (number-to-string (emacs-pid)))))
        (should (equal (plist-get (plist-get transitiond-server-info :serverInfo) :name)
                       "transitiond"))
        (let ((session (transitiond-create-session transitiond-test--spec)))
          (should (equal (transitiond-session-id session) "s1"))
          (transitiond-play)
          ;; Half of the demo's 0.8 s: quarticEaseInOut(0.5) = 0.5.
          (let ((tick (transitiond-advance 0.4)))
            (should (equal (plist-get tick :fraction) 0.5))
            (should (equal (plist-get tick :progress) 0.5)))
          (should (equal (plist-get (transitiond-advance 1) :progress) 1))
          (should (transitiond-test--wait-until (lambda () transitiond-test--ends)))
          (should (equal (mapcar (lambda (end) (plist-get end :reason)) transitiond-test--ends)
                         '("finished"))))
        (transitiond-stop)
        (should-not (process-live-p process))
        (should-not (transitiond-test--pid-alive-p pid))))))

;;;; Daily use

(defun transitiond-test--press (key)
  "Run the command KEY is bound to in the preview, as a key press would."
  (with-current-buffer transitiond-preview-buffer-name
    (call-interactively (key-binding key))))

(defun transitiond-test--preview-text ()
  "The preview buffer's text."
  (with-current-buffer transitiond-preview-buffer-name (buffer-string)))

(ert-deftest transitiond-test-realtime-scrubs-draw-the-last-tick ()
  "l four times and h twice on a realtime session: the boxes end at 10%.
A tick read together with a synchronous reply is handled at once,
not left in the process buffer until more output comes."
  (transitiond-test--with-daemon
    (let ((transitiond-default-spec
           (append '(:clock "realtime") transitiond-default-spec)))
      (transitiond-create-session)
      (transitiond-preview)
      (dolist (key '("l" "l" "l" "l" "h" "h"))
        (transitiond-test--press key))
      (should (equal (transitiond-session-progress transitiond-current-session) 0.1))
      ;; The realtime clock sends the tick of the last scrub after the reply.
      (should (transitiond-test--wait-until
               (lambda ()
                 (equal (plist-get (caar transitiond-test--ticks) :progress) 0.1))))
      (let ((drawn (transitiond-test--drawn (caar transitiond-test--ticks))))
        (should (>= (transitiond-test--check-preview (car drawn) (cadr drawn)) 3))
        (should (string-match-p " 10\\.0%" (caddr drawn)))))))

(ert-deftest transitiond-test-preview-fits-its-window ()
  "With no fixed scale, the canvas fits the preview's window, also a half-height one."
  (transitiond-test--with-daemon
    (let ((transitiond-preview-scale nil))
      (transitiond-create-session transitiond-test--spec)
      (delete-other-windows)
      (let ((window (split-window-below)))
        (set-window-buffer window (transitiond--preview-buffer))
        (transitiond-preview-refresh)
        (with-current-buffer transitiond-preview-buffer-name
          (let* ((lines (split-string (buffer-string) "\n"))
                 (scale (transitiond--preview-scale))
                 (tick (transitiond-session-last-tick transitiond-current-session)))
            (should (<= (length lines) (window-body-height window)))
            (should (cl-every (lambda (l) (< (length l) (window-body-width window))) lines))
            (should (equal (length lines)
                           (cdr (transitiond-preview-size nil scale))))
            ;; The boxes are where the scale puts them.
            (let ((transitiond-preview-scale scale))
              (transitiond-test--check-preview tick (buffer-string)))
            ;; A taller window: a larger canvas.
            (delete-other-windows window)
            (transitiond--preview-update)
            (should (> (length (split-string (buffer-string) "\n")) (length lines)))))))))

(ert-deftest transitiond-test-spec-checked-when-the-session-is-made ()
  "An unknown easing is one short error when the session is made, not at play."
  (transitiond-test--with-daemon
    (let ((err (should-error
                (transitiond-create-session
                 (append '(:timing (:easing "quartic")) transitiond-test--spec))
                :type 'user-error)))
      (should (string-match-p "\\`transitiond: unknown easing \"quartic\""
                              (error-message-string err)))
      (should-not (string-match-p "\n" (error-message-string err)))
      (should (< (length (error-message-string err)) 100)))
    (should-not transitiond-current-session)
    (should-error (transitiond-set-duration -1) :type 'user-error)
    ;; A long list of names from the daemon is shortened to its count.
    (should (equal (transitiond-short-message
                    (concat "Invalid params: params.timing.easing: expected one of "
                            (mapconcat #'identity transitiond-protocol-easings ", ")))
                   "Invalid params: params.timing.easing: expected one of 31 names (linear, quadraticEaseIn, …)"))))

(ert-deftest transitiond-test-easing-and-duration-by-completion ()
  "e and d pick the easing and duration with `completing-read'; the mode line shows progress."
  (transitiond-test--with-daemon
    (let* ((session (transitiond-create-session transitiond-test--spec))
           (offered nil)
           (completing-read-function
            (lambda (_prompt collection &rest _)
              (setq offered (all-completions "" collection))
              (if (member "bounceEaseInOut" offered) "bounceEaseInOut" "2"))))
      (transitiond-preview)
      (transitiond-test--press "e")
      (should (= (length offered) 31))
      (transitiond-test--press "d")
      (should (member "0.8" offered))
      (should (equal (plist-get (transitiond-session-spec session) :timing)
                     '(:easing "bounceEaseInOut")))
      (should (equal (plist-get (transitiond-session-spec session) :duration) 2))
      ;; The next play: at 1 s of 2 s, bounceEaseInOut(0.5) = 0.5.
      (transitiond-play)
      (let ((tick (transitiond-advance 1)))
        (should (equal (plist-get tick :fraction) 0.5))
        (should (equal (plist-get tick :progress) 0.5)))
      (should (equal (transitiond-mode-line-string) " transitiond 50% running"))
      (should (member transitiond--mode-line-construct global-mode-string)))))

(ert-deftest transitiond-test-daemon-death-shown-and-restart-with-last-spec ()
  "A killed daemon: the preview says so, with the log file; l restarts with the last spec."
  (transitiond-test--with-daemon
    (let* ((spec (append '(:items 20 :timing (:easing "sineEaseIn")) transitiond-test--spec))
           (pid (progn (transitiond-create-session spec)
                       (process-id transitiond--process))))
      (transitiond-preview)
      (signal-process pid 'SIGKILL)
      (should (transitiond-test--wait-until (lambda () transitiond-last-exit)))
      (should (equal (plist-get transitiond-last-exit :status) "killed by signal 9 (SIGKILL)"))
      (let ((text (transitiond-test--preview-text)))
        (should (string-match-p "^transitiond killed by signal 9 (SIGKILL)$" text))
        (should (string-match-p (concat "^log: " (regexp-quote transitiond-log-file) "$") text)))
      (should (string-match-p "killed by signal 9"
                              (with-temp-buffer
                                (insert-file-contents transitiond-log-file)
                                (buffer-string))))
      ;; l: a new daemon, the same spec (20 items on a manual clock).
      (transitiond-test--press "l")
      (should (transitiond-running-p))
      (should-not (= (process-id transitiond--process) pid))
      (should (eq (transitiond-session-spec transitiond-current-session) spec))
      (should (null transitiond-last-exit))
      (let ((drawn (transitiond-test--drawn (caar transitiond-test--ticks))))
        (should (equal (plist-get (car drawn) :progress) 0.05))
        (should (>= (transitiond-test--check-preview (car drawn) (cadr drawn)) 3))))))

;;;; Sessions from documents

(ert-deftest transitiond-test-create-session-from-document ()
  "A transition document in a buffer, read through the daemon's document/check."
  (transitiond-test--with-daemon
    (with-temp-buffer
      (insert "{\"session\": {\"viewport\": {\"width\": 200, \"height\": 300},
             \"sections\": [{\"items\": 6}], \"layout\": {\"type\": \"list\", \"rowHeight\": 50},
             \"clock\": \"manual\"},
 \"transition\": {\"to\": {\"type\": \"grid\", \"columns\": 3}, \"duration\": 2,
                \"timing\": \"linear\"}}")
      (let ((session (transitiond-create-session-from-buffer)))
        (should (plist-get (transitiond-session-spec session) :document))
        ;; The document's viewport, not the demo's.
        (should (equal (transitiond--spec-get (transitiond-session-spec session) :viewport)
                       '(:width 200 :height 300)))
        (transitiond-play)
        ;; Its transition: linear over 2 s, so 0.5 s is progress 0.25.
        (let ((tick (transitiond-advance 0.5)))
          (should (equal (plist-get tick :progress) 0.25))
          (should (= (length (plist-get tick :attributes)) 6))))))
  ;; The older form is converted by the daemon.
  (transitiond-test--with-daemon
    (with-temp-buffer
      (insert "{\"viewport\": {\"width\": 375, \"height\": 667}, \"items\": 4,
 \"from\": {\"type\": \"list\", \"rowHeight\": 60}, \"to\": {\"type\": \"grid\", \"columns\": 2},
 \"clock\": \"manual\", \"duration\": 1}")
      (transitiond-create-session-from-buffer)
      (transitiond-play)
      (let ((tick (transitiond-advance 0.5)))
        ;; The daemon's default timing (linear): nothing of the demo filled in.
        (should (equal (plist-get tick :progress) 0.5))
        (should (= (length (plist-get tick :attributes)) 4)))))
  ;; A document that is not valid: its first error.
  (transitiond-test--with-daemon
    (with-temp-buffer
      (insert "{\"session\": {\"viewport\": {\"width\": 200, \"height\": 300},
             \"sections\": [{\"items\": 6}], \"layout\": {\"type\": \"list\", \"rowHeight\": 50}},
 \"transition\": {\"to\": {\"type\": \"grid\", \"columns\": \"two\"}}}")
      (let ((err (should-error (transitiond-create-session-from-buffer) :type 'user-error)))
        (should (equal (error-message-string err)
                       "transitiond: not a valid transition document: 3:51: error: transition.to.columns: expected integer")))
      (should-not transitiond-current-session))))

(provide 'transitiond-test)
;;; transitiond-test.el ends here
